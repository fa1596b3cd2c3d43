import { type Kysely, sql } from 'kysely';

// The organiser dashboard (issue 18, decision 036): when each door device last fetched an event's scan data (it
// uploads its queue before every fetch), and when it last uploaded scans it decided offline, under which name. A
// device that scanned offline and has been silent for over 5 minutes while its event runs is named on the
// dashboard. Failed refunds are counted for the same warnings, so they get the partial index pending ones have.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scan_data_downloads add column synced_at timestamptz not null default now()`.execute(db);
  await sql`update scan_data_downloads set synced_at = downloaded_at`.execute(db);
  await sql`alter table scan_data_downloads add column uploaded_at timestamptz`.execute(db);
  await sql`alter table scan_data_downloads add column device_name text`.execute(db);
  await sql`create index scan_data_downloads_synced_idx on scan_data_downloads (event_id, synced_at)`.execute(db);
  await sql`create index refunds_failed_idx on refunds (created_at) where status = 'failed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index refunds_failed_idx`.execute(db);
  await sql`drop index scan_data_downloads_synced_idx`.execute(db);
  await sql`alter table scan_data_downloads drop column device_name`.execute(db);
  await sql`alter table scan_data_downloads drop column uploaded_at`.execute(db);
  await sql`alter table scan_data_downloads drop column synced_at`.execute(db);
}
