import { type Kysely, sql } from 'kysely';
import { articleTerms, wordGrams } from '../../lib/search-text.ts';
import { starterCategories } from './help-starter-content.ts';

// The help desk's answers: categories of articles (draft or published, by slug), a word and trigram index for
// typo-tolerant search that needs no database extension, and one "did this answer your question?" vote per
// visitor per article.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('help_categories')
    .addColumn('slug', 'text', (col) => col.primaryKey().check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_reply_hours', 'integer', (col) =>
      col.notNull().defaultTo(24).check(sql`first_reply_hours between 1 and 720`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('help_articles')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('category_slug', 'text', (col) => col.notNull().references('help_categories.slug').onUpdate('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull().unique().check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft').check(sql`status in ('draft', 'published')`))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('helpful_votes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('unhelpful_votes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('help_articles_category_idx').on('help_articles').columns(['category_slug', 'position']).execute();

  // Each distinct word of an article with the weight of the part it is in (title, summary, body).
  await db.schema
    .createTable('help_search_terms')
    .addColumn('article_id', 'uuid', (col) => col.notNull().references('help_articles.id').onDelete('cascade'))
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('weight', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('help_search_terms_pkey', ['article_id', 'term'])
    .execute();
  await db.schema.createIndex('help_search_terms_term_idx').on('help_search_terms').column('term').execute();

  // The trigrams of every indexed word, and how many it has, so a query word finds the words it resembles.
  await db.schema
    .createTable('help_term_grams')
    .addColumn('gram', 'text', (col) => col.notNull())
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('gram_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('help_term_grams_pkey', ['gram', 'term'])
    .execute();

  // A visitor is a signed-in account or a random id kept in a cookie; one vote each, which they may change.
  await db.schema
    .createTable('help_article_votes')
    .addColumn('article_id', 'uuid', (col) => col.notNull().references('help_articles.id').onDelete('cascade'))
    .addColumn('voter', 'text', (col) => col.notNull())
    .addColumn('helpful', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('help_article_votes_pkey', ['article_id', 'voter'])
    .execute();

  await insertStarterContent(db);
}

/** Rows in statements of at most this many, so the starter index is written in a few round trips. */
const chunk = 400;

async function insertRows(db: Kysely<unknown>, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    const values = rows.slice(start, start + chunk).map((row) => sql`(${sql.join(row)})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}`.execute(
      db,
    );
  }
}

async function insertStarterContent(db: Kysely<unknown>): Promise<void> {
  const grams = new Map<string, string[]>();
  const terms: unknown[][] = [];
  for (const [categoryIndex, category] of starterCategories.entries()) {
    await sql`insert into help_categories (slug, title, summary, position, first_reply_hours)
      values (${category.slug}, ${category.title}, ${category.summary}, ${categoryIndex}, ${category.firstReplyHours})`.execute(
      db,
    );
    for (const [articleIndex, article] of category.articles.entries()) {
      const { rows } = await sql<{
        id: string;
      }>`insert into help_articles (category_slug, slug, title, summary, body, status, position)
        values (${category.slug}, ${article.slug}, ${article.title}, ${article.summary}, ${article.body}, 'published', ${articleIndex})
        returning id`.execute(db);
      const id = rows[0]?.id as string;
      for (const [term, weight] of articleTerms(article)) {
        terms.push([id, term, weight]);
        grams.set(term, wordGrams(term));
      }
    }
  }
  await insertRows(db, 'help_search_terms', ['article_id', 'term', 'weight'], terms);
  const gramRows = [...grams].flatMap(([term, termGrams]) => termGrams.map((gram) => [gram, term, termGrams.length]));
  await insertRows(db, 'help_term_grams', ['gram', 'term', 'gram_count'], gramRows);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_article_votes').execute();
  await db.schema.dropTable('help_term_grams').execute();
  await db.schema.dropTable('help_search_terms').execute();
  await db.schema.dropTable('help_articles').execute();
  await db.schema.dropTable('help_categories').execute();
}
