import { sql, type Transaction } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

const linkColumns = [
  'help_articles.slug',
  'help_articles.title',
  'help_articles.summary',
  'help_articles.category_slug',
] as const;

export function listCategories(db: Db) {
  return db.selectFrom('help_categories').selectAll().orderBy('position').orderBy('title').execute();
}

export function findCategory(db: Executor, slug: string) {
  return db.selectFrom('help_categories').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Published articles, in their categories' order; of one category when given. */
export function publishedLinks(db: Db, categorySlug?: string) {
  let query = db
    .selectFrom('help_articles')
    .select(linkColumns)
    .where('status', '=', 'published')
    .orderBy('position')
    .orderBy('title');
  if (categorySlug) query = query.where('category_slug', '=', categorySlug);
  return query.execute();
}

export function findArticleBySlug(db: Executor, slug: string) {
  return db
    .selectFrom('help_articles')
    .innerJoin('help_categories', 'help_categories.slug', 'help_articles.category_slug')
    .selectAll('help_articles')
    .select('help_categories.title as category_title')
    .where('help_articles.slug', '=', slug)
    .executeTakeFirst();
}

/** Other published articles of the category, in its order. */
export function relatedLinks(db: Db, article: { id: string; category_slug: string }, limit: number) {
  return db
    .selectFrom('help_articles')
    .select(linkColumns)
    .where('status', '=', 'published')
    .where('category_slug', '=', article.category_slug)
    .where('id', '<>', article.id)
    .orderBy('position')
    .limit(limit)
    .execute();
}

export interface QueryWord {
  word: string;
  grams: string[];
}

/**
 * Published articles ranked by the query words they contain or nearly contain: a query word matches an indexed
 * word when their trigram similarity (shared / all distinct grams) reaches `minSimilarity`; an article scores,
 * per query word, its best match times the weight of the part it is in. More query words matched rank first.
 */
export async function searchPublished(db: Db, words: QueryWord[], minSimilarity: number, limit: number) {
  const rows = words.flatMap(({ word, grams }) => grams.map((gram) => sql`(${word}::text, ${gram}::text, ${grams.length}::int)`));
  const result = await sql<{ slug: string; title: string; summary: string; category_slug: string }>`
    with query_grams (word, gram, n) as (values ${sql.join(rows)}),
    near as (
      select q.word, g.term,
             count(*)::float8 / (max(q.n) + max(g.gram_count) - count(*)) as similarity
        from query_grams q
        join help_term_grams g on g.gram = q.gram
       group by q.word, g.term
    ),
    best as (
      select s.word, t.article_id, max(s.similarity * s.similarity * t.weight) as score
        from near s
        join help_search_terms t on t.term = s.term
       where s.similarity >= ${minSimilarity}::float8
       group by s.word, t.article_id
    )
    select a.slug, a.title, a.summary, a.category_slug
      from best b
      join help_articles a on a.id = b.article_id
     where a.status = 'published'
     group by a.id, a.slug, a.title, a.summary, a.category_slug
     order by count(*) desc, sum(b.score) desc, a.title
     limit ${limit}::int`.execute(db);
  return result.rows;
}

/** Records a visitor's vote (replacing their earlier one) and recounts the article's votes. */
export async function recordVote(trx: Transaction<Database>, articleId: string, voter: string, helpful: boolean) {
  await trx
    .insertInto('help_article_votes')
    .values({ article_id: articleId, voter, helpful })
    .onConflict((oc) => oc.columns(['article_id', 'voter']).doUpdateSet({ helpful }))
    .execute();
  await sql`update help_articles a
       set helpful_votes = (select count(*) from help_article_votes v where v.article_id = a.id and v.helpful),
           unhelpful_votes = (select count(*) from help_article_votes v where v.article_id = a.id and not v.helpful)
     where a.id = ${articleId}`.execute(trx);
}

// Agents' editing -------------------------------------------------------------------------------------

export function listAllArticles(db: Db) {
  return db.selectFrom('help_articles').selectAll().orderBy('category_slug').orderBy('position').orderBy('title').execute();
}

export function findArticleById(db: Executor, id: string) {
  return db.selectFrom('help_articles').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ArticleValues {
  category_slug: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  status: 'draft' | 'published';
}

export async function insertArticle(trx: Transaction<Database>, values: ArticleValues): Promise<string> {
  const position = await trx
    .selectFrom('help_articles')
    .select(sql<number>`coalesce(max(position), -1) + 1`.as('next'))
    .where('category_slug', '=', values.category_slug)
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('help_articles')
    .values({ ...values, position: Number(position.next) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateArticle(trx: Transaction<Database>, id: string, values: ArticleValues): Promise<void> {
  await trx
    .updateTable('help_articles')
    .set({ ...values, updated_at: sql<Date>`now()` as unknown as Date })
    .where('id', '=', id)
    .execute();
}

export function slugTaken(db: Executor, slug: string, exceptId: string | null) {
  let query = db.selectFrom('help_articles').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

/** Replaces an article's search terms, adding the trigrams of words the index has not seen. */
export async function replaceSearchTerms(
  trx: Transaction<Database>,
  articleId: string,
  terms: Array<{ term: string; weight: number; grams: string[] }>,
): Promise<void> {
  await trx.deleteFrom('help_search_terms').where('article_id', '=', articleId).execute();
  if (terms.length === 0) return;
  await trx
    .insertInto('help_search_terms')
    .values(terms.map(({ term, weight }) => ({ article_id: articleId, term, weight })))
    .execute();
  await trx
    .insertInto('help_term_grams')
    .values(terms.flatMap(({ term, grams }) => grams.map((gram) => ({ gram, term, gram_count: grams.length }))))
    .onConflict((oc) => oc.columns(['gram', 'term']).doNothing())
    .execute();
}

export async function upsertCategory(
  db: Executor,
  values: { slug: string; title: string; summary: string; first_reply_hours: number },
): Promise<void> {
  await db
    .insertInto('help_categories')
    .values({
      ...values,
      position: sql<number>`(select coalesce(max(position), -1) + 1 from help_categories)` as unknown as number,
    })
    .onConflict((oc) =>
      oc
        .column('slug')
        .doUpdateSet({ title: values.title, summary: values.summary, first_reply_hours: values.first_reply_hours }),
    )
    .execute();
}
