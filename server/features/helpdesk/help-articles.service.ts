import type {
  HelpAdminArticle,
  HelpAdminCategory,
  HelpArticle,
  HelpArticleInput,
  HelpArticleLink,
  HelpCategory,
  HelpCategoryInput,
} from '../../../src/contract/help-desk.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { consumeRateLimit, type RateLimit } from '../../lib/rate-limiter.ts';
import { articleTerms, searchWords, wordGrams } from '../../lib/search-text.ts';
import {
  findArticleById,
  findArticleBySlug,
  findCategory,
  insertArticle,
  listAllArticles,
  listCategories,
  publishedLinks,
  recordVote,
  relatedLinks,
  replaceSearchTerms,
  searchPublished,
  slugTaken,
  updateArticle,
  upsertCategory,
} from './help-articles.repository.ts';

const toLink = (row: { slug: string; title: string; summary: string; category_slug: string }): HelpArticleLink => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  categorySlug: row.category_slug,
});

/** Every category with its published articles; a category with none is left out. */
export async function helpCategories(db: Db): Promise<HelpCategory[]> {
  const [categories, links] = await Promise.all([listCategories(db), publishedLinks(db)]);
  return categories
    .map((category) => ({
      slug: category.slug,
      title: category.title,
      summary: category.summary,
      articles: links.filter((link) => link.category_slug === category.slug).map(toLink),
    }))
    .filter((category) => category.articles.length > 0);
}

export async function helpCategory(db: Db, slug: string): Promise<HelpCategory> {
  const category = await findCategory(db, slug);
  const links = category ? await publishedLinks(db, slug) : [];
  if (!category || links.length === 0) throw notFound('That help category');
  return { slug: category.slug, title: category.title, summary: category.summary, articles: links.map(toLink) };
}

const relatedCount = 3;

/** A published article with a few others of its category; a draft is as unknown as a missing one. */
export async function helpArticle(db: Db, slug: string): Promise<HelpArticle> {
  const article = await findArticleBySlug(db, slug);
  if (article?.status !== 'published') throw notFound('That help article');
  const related = await relatedLinks(db, article, relatedCount);
  return {
    ...toLink(article),
    body: article.body,
    categoryTitle: article.category_title,
    updatedAt: new Date(article.updated_at).toISOString(),
    related: related.map(toLink),
  };
}

/** Query words beyond this are ignored: a question rarely needs more, and each costs a join. */
const maxQueryWords = 8;
const minSimilarity = 0.3;
const resultLimit = 20;

/** Published articles ranked by how many query words they contain, nearly or exactly, and where. */
export async function searchHelp(db: Db, query: string): Promise<HelpArticleLink[]> {
  const words = [...new Set(searchWords(query))].slice(0, maxQueryWords);
  if (words.length === 0) return [];
  const rows = await searchPublished(
    db,
    words.map((word) => ({ word, grams: wordGrams(word) })),
    minSimilarity,
    resultLimit,
  );
  return rows.map(toLink);
}

export const voteLimit: RateLimit = { name: 'help-vote:network', limit: 60, windowSeconds: 3600, refusal: 'Too many votes' };

/** One vote per visitor per article; voting again replaces the earlier vote. */
export async function voteOnArticle(
  db: Db,
  input: { slug: string; helpful: boolean; voter: string; network: string },
): Promise<void> {
  await consumeRateLimit(db, voteLimit, input.network);
  const article = await findArticleBySlug(db, input.slug);
  if (article?.status !== 'published') throw notFound('That help article');
  await db.transaction().execute((trx) => recordVote(trx, article.id, input.voter, input.helpful));
}

// Agents' editing -------------------------------------------------------------------------------------

const toAdminArticle = (row: Awaited<ReturnType<typeof listAllArticles>>[number]): HelpAdminArticle => ({
  id: row.id,
  categorySlug: row.category_slug,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  body: row.body,
  status: row.status,
  helpfulVotes: row.helpful_votes,
  unhelpfulVotes: row.unhelpful_votes,
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function allArticles(db: Db): Promise<HelpAdminArticle[]> {
  return (await listAllArticles(db)).map(toAdminArticle);
}

const indexTerms = (input: HelpArticleInput) =>
  [...articleTerms(input)].map(([term, weight]) => ({ term, weight, grams: wordGrams(term) }));

/** Creates an article, or changes the one with `articleId`; the search index follows in the same transaction. */
export async function saveArticle(
  db: Db,
  /** Who writes it, for the audit log; null for the system (benches, seeding). */
  agentId: string | null,
  articleId: string | null,
  input: HelpArticleInput,
): Promise<HelpAdminArticle> {
  const id = await db.transaction().execute(async (trx) => {
    if (!(await findCategory(trx, input.categorySlug))) {
      throw new HttpError('BAD_REQUEST', 'Choose one of the help categories.', [
        { path: 'body.categorySlug', message: 'Choose one of the help categories.' },
      ]);
    }
    if (await slugTaken(trx, input.slug, articleId)) {
      const message = 'Another article already uses this address.';
      throw new HttpError('CONFLICT', message, [{ path: 'body.slug', message }]);
    }
    const values = {
      category_slug: input.categorySlug,
      slug: input.slug,
      title: input.title,
      summary: input.summary,
      body: input.body,
      status: input.status,
    };
    let saved = articleId;
    const before = saved ? await findArticleById(trx, saved) : undefined;
    if (saved) {
      if (!before) throw notFound('That help article');
      await updateArticle(trx, saved, values);
    } else {
      saved = await insertArticle(trx, values);
    }
    await replaceSearchTerms(trx, saved, indexTerms(input));
    await recordAudit(trx, {
      actorId: agentId,
      action: !before
        ? 'help.article.create'
        : before.status !== input.status
          ? `help.article.${input.status === 'published' ? 'publish' : 'unpublish'}`
          : 'help.article.update',
      subjectType: 'help_article',
      subjectId: saved,
      details: { slug: input.slug, title: input.title, status: input.status },
    });
    return saved;
  });
  const row = await findArticleById(db, id);
  if (!row) throw notFound('That help article');
  return toAdminArticle(row);
}

export async function saveCategory(db: Db, agentId: string, input: HelpCategoryInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await upsertCategory(trx, {
      slug: input.slug,
      title: input.title,
      summary: input.summary,
      first_reply_hours: input.firstReplyHours,
    });
    await recordAudit(trx, {
      actorId: agentId,
      action: 'help.category.save',
      subjectType: 'help_category',
      subjectId: null,
      details: { slug: input.slug, title: input.title, firstReplyHours: input.firstReplyHours },
    });
  });
}

/** Every category, those without a published article too, for agents to edit. */
export async function adminCategories(db: Db): Promise<HelpAdminCategory[]> {
  const [categories, articles] = await Promise.all([listCategories(db), listAllArticles(db)]);
  return categories.map((category) => ({
    slug: category.slug,
    title: category.title,
    summary: category.summary,
    firstReplyHours: category.first_reply_hours,
    articles: articles.filter((article) => article.category_slug === category.slug).length,
  }));
}
