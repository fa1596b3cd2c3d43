import { type Kysely, sql } from 'kysely';
import { articleTerms, wordGrams } from '../../lib/search-text.ts';

// Help answers brought in line with what Admit does, by migrations: a help desk's own edits are kept.

/** Writes an answer's search words afresh. */
async function indexHelpAnswer(
  db: Kysely<unknown>,
  article: { id: string; title: string; summary: string; body: string },
): Promise<void> {
  await sql`delete from help_search_terms where article_id = ${article.id}`.execute(db);
  const terms = [...articleTerms(article)];
  if (terms.length === 0) return;
  await sql`insert into help_search_terms (article_id, term, weight)
    values ${sql.join(terms.map(([term, weight]) => sql`(${article.id}, ${term}, ${weight})`))}`.execute(db);
  const grams = terms.flatMap(([term]) => wordGrams(term).map((gram, _index, all) => sql`(${gram}, ${term}, ${all.length})`));
  await sql`insert into help_term_grams (gram, term, gram_count) values ${sql.join(grams)} on conflict do nothing`.execute(db);
}

/** Rewrites a help answer's body and its search words, only while it still reads as `from`. */
export async function rewriteHelpAnswer(db: Kysely<unknown>, slug: string, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ id: string; title: string; summary: string }>`update help_articles
    set body = ${to}, updated_at = now() where slug = ${slug} and body = ${from}
    returning id, title, summary`.execute(db);
  const article = rows[0];
  if (article) await indexHelpAnswer(db, { ...article, body: to });
}

/** Publishes a new answer last in its category, unless the category is gone or an answer has its slug already. */
export async function addHelpAnswer(
  db: Kysely<unknown>,
  categorySlug: string,
  article: { slug: string; title: string; summary: string; body: string },
): Promise<void> {
  const { rows } = await sql<{
    id: string;
  }>`insert into help_articles (category_slug, slug, title, summary, body, status, position)
    select c.slug, ${article.slug}, ${article.title}, ${article.summary}, ${article.body}, 'published',
           coalesce((select max(position) + 1 from help_articles where category_slug = c.slug), 0)
      from help_categories c where c.slug = ${categorySlug}
    on conflict (slug) do nothing
    returning id`.execute(db);
  const id = rows[0]?.id;
  if (id) await indexHelpAnswer(db, { id, ...article });
}

/** Takes back an answer `addHelpAnswer` published, while it still reads as it did. */
export async function removeHelpAnswer(db: Kysely<unknown>, slug: string, body: string): Promise<void> {
  await sql`delete from help_articles where slug = ${slug} and body = ${body}`.execute(db);
}
