import { type Kysely, sql } from 'kysely';

const appendOnly = (extra: string) => `create or replace function checkins_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        -- Deleting the event or the ticket takes its scans with it; nothing else deletes a scan.
        if pg_trigger_depth() > 1 then return old; end if;
        raise exception 'checkins are append-only';
      end if;
      if (new.id, new.event_id, new.ticket_id, new.kind, new.device_id, new.client_scan_id, new.direction, new.manual,
          new.scanned_at, new.received_at, new.result, new.offline_result, new.undoes, new.reason, new.code_hash${extra.replaceAll('$', 'new')})
         is distinct from
         (old.id, old.event_id, old.ticket_id, old.kind, old.device_id, old.client_scan_id, old.direction, old.manual,
          old.scanned_at, old.received_at, old.result, old.offline_result, old.undoes, old.reason, old.code_hash${extra.replaceAll('$', 'old')}) then
        raise exception 'checkins are append-only: only the duplicate flag may change';
      end if;
      return new;
    end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // An image belongs to the organisation it was uploaded for: only its events and its profile may show it,
  // and its storage counts against that organisation's quota. On `aws` the server hands out the key first
  // (stored_at null: reserved) and records the object once the browser has put it (stored_at set).
  await sql`alter table uploads add column organization_id uuid references organizations (id) on delete cascade`.execute(db);
  await sql`alter table uploads add column stored_at timestamptz`.execute(db);
  await sql`update uploads set stored_at = created_at`.execute(db);
  // The organisation keeps its images when the member who uploaded them leaves or deletes their account.
  await sql`alter table uploads alter column owner_id drop not null`.execute(db);
  await sql`alter table uploads drop constraint uploads_owner_id_fkey`.execute(db);
  await sql`alter table uploads add constraint uploads_owner_id_fkey foreign key (owner_id)
    references users (id) on delete set null`.execute(db);
  // Images already shown on an event or a profile belong to that organisation.
  await sql`update uploads u set organization_id = o.id from organizations o
    where o.logo_key = u.key and u.organization_id is null`.execute(db);
  await sql`update uploads u set organization_id = e.organization_id from events e
    where e.cover_image_key = u.key and u.organization_id is null`.execute(db);
  await sql`create index uploads_organization_idx on uploads (organization_id, created_at)`.execute(db);
  // Whether a key is shown publicly is asked for every link renewal.
  await sql`create index events_cover_image_idx on events (cover_image_key) where cover_image_key is not null`.execute(db);
  await sql`create index organizations_logo_idx on organizations (logo_key) where logo_key is not null`.execute(db);

  // When each door device first downloaded an event's scan data: no scan it decided offline can be earlier.
  await sql`create table scan_data_downloads (
    event_id uuid not null references events (id) on delete cascade,
    device_id text not null,
    user_id uuid references users (id) on delete set null,
    downloaded_at timestamptz not null default now(),
    primary key (event_id, device_id)
  )`.execute(db);

  // A scan whose device clock the server could not trust: scanned_at is then the server's receive time and
  // device_scanned_at keeps what the device said.
  await sql`alter table checkins add column clock_suspect boolean not null default false`.execute(db);
  await sql`alter table checkins add column device_scanned_at timestamptz`.execute(db);
  await sql`create index checkins_clock_suspect_idx on checkins (event_id) where clock_suspect`.execute(db);
  await sql.raw(appendOnly(', $.clock_suspect, $.device_scanned_at')).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(appendOnly('')).execute(db);
  await sql`drop index checkins_clock_suspect_idx`.execute(db);
  await sql`alter table checkins drop column device_scanned_at`.execute(db);
  await sql`alter table checkins drop column clock_suspect`.execute(db);
  await sql`drop table scan_data_downloads`.execute(db);
  await sql`drop index organizations_logo_idx`.execute(db);
  await sql`drop index events_cover_image_idx`.execute(db);
  await sql`drop index uploads_organization_idx`.execute(db);
  await sql`delete from uploads where stored_at is null or owner_id is null`.execute(db);
  await sql`alter table uploads drop constraint uploads_owner_id_fkey`.execute(db);
  await sql`alter table uploads add constraint uploads_owner_id_fkey foreign key (owner_id)
    references users (id) on delete cascade`.execute(db);
  await sql`alter table uploads alter column owner_id set not null`.execute(db);
  await sql`alter table uploads drop column stored_at`.execute(db);
  await sql`alter table uploads drop column organization_id`.execute(db);
}
