import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('logo_key', 'text')
    .addColumn('website', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('city', 'text')
    .addColumn('social_links', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  // Images the API stored (local driver): who owns each key, what it is.
  await db.schema
    .createTable('uploads')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull().check(sql`size_bytes > 0 and size_bytes <= 5120000`))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('cover_image_key', 'text')
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('timezone', 'text', (col) => col.notNull())
    .addColumn('is_online', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('online_url', 'text')
    .addColumn('venue_name', 'text')
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('draft').check(sql`status in ('draft', 'published', 'cancelled')`),
    )
    .addColumn('hold_minutes', 'integer', (col) => col.notNull().defaultTo(15).check(sql`hold_minutes between 5 and 60`))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_ends_after_start', sql`ends_at > starts_at`)
    .execute();
  // Weighted full-text search: title first, then summary and place, then the description.
  await sql`
    alter table events add column search tsvector generated always as (
      setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('simple', coalesce(summary, '') || ' ' || coalesce(category, '') || ' ' || coalesce(city, '') || ' ' || coalesce(venue_name, '')), 'B') ||
      setweight(to_tsvector('simple', coalesce(description, '')), 'C')
    ) stored`.execute(db);
  await sql`create index events_search_idx on events using gin (search)`.execute(db);
  await db.schema.createIndex('events_listing_idx').on('events').columns(['status', 'starts_at']).execute();
  await db.schema.createIndex('events_organization_idx').on('events').columns(['organization_id', 'starts_at']).execute();

  await db.schema
    .createTable('ticket_types')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('price', 'integer', (col) => col.notNull().check(sql`price >= 0`))
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('capacity', 'integer', (col) => col.notNull().check(sql`capacity > 0`))
    .addColumn('sold', 'integer', (col) => col.notNull().defaultTo(0).check(sql`sold >= 0`))
    .addColumn('min_per_order', 'integer', (col) => col.notNull().defaultTo(1).check(sql`min_per_order >= 1`))
    .addColumn('max_per_order', 'integer', (col) => col.notNull().defaultTo(10))
    .addColumn('sales_start', 'timestamptz')
    .addColumn('sales_end', 'timestamptz')
    .addColumn('hidden', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ticket_types_order_limits', sql`max_per_order >= min_per_order`)
    .addCheckConstraint('ticket_types_not_oversold', sql`sold <= capacity`)
    .execute();
  await db.schema.createIndex('ticket_types_event_idx').on('ticket_types').column('event_id').execute();

  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('bookmarks_pkey', ['user_id', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bookmarks', 'ticket_types', 'events', 'uploads']) await db.schema.dropTable(table).execute();
  await db.schema
    .alterTable('organizations')
    .dropColumn('description')
    .dropColumn('logo_key')
    .dropColumn('website')
    .dropColumn('contact_email')
    .dropColumn('city')
    .dropColumn('social_links')
    .execute();
}
