import { type Kysely, sql } from 'kysely';
import { articleTerms, wordGrams } from '../../lib/search-text.ts';

/**
 * Rewrites a help answer's body and its search words, only while it still reads as `from`: a help desk's own edit is
 * kept. Used by migrations that bring a starter answer in line with what Admit does.
 */
export async function rewriteHelpAnswer(db: Kysely<unknown>, slug: string, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ id: string; title: string; summary: string }>`update help_articles
    set body = ${to}, updated_at = now() where slug = ${slug} and body = ${from}
    returning id, title, summary`.execute(db);
  const article = rows[0];
  if (!article) return;
  await sql`delete from help_search_terms where article_id = ${article.id}`.execute(db);
  const terms = [...articleTerms({ title: article.title, summary: article.summary, body: to })];
  if (terms.length === 0) return;
  await sql`insert into help_search_terms (article_id, term, weight)
    values ${sql.join(terms.map(([term, weight]) => sql`(${article.id}, ${term}, ${weight})`))}`.execute(db);
  const grams = terms.flatMap(([term]) => wordGrams(term).map((gram, _index, all) => sql`(${gram}, ${term}, ${all.length})`));
  await sql`insert into help_term_grams (gram, term, gram_count) values ${sql.join(grams)} on conflict do nothing`.execute(db);
}
