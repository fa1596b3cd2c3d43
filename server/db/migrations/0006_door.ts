import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every scan at the door, as it happened: append-only (a trigger refuses deletes and any change but the
  // duplicate flag), so what the door did can always be told afterwards. A device's repeat upload of a scan
  // (same device_id and client_scan_id) is recognised by the unique index and changes nothing.
  // kind = 'undo' rows undo the scan named by `undoes` (a check-in taken back within 2 minutes).
  await db.schema
    .createTable('checkins')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('event_id', 'uuid', (col) => col.notNull().references('events.id').onDelete('cascade'))
    // null when the scan named no ticket of ours (malformed, forged, unknown id).
    .addColumn('ticket_id', 'uuid', (col) => col.references('tickets.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('scan').check(sql`kind in ('scan', 'undo')`))
    .addColumn('device_id', 'text', (col) => col.notNull())
    .addColumn('client_scan_id', 'uuid', (col) => col.notNull())
    // The signed-in member who scanned, and the device's label for "first scanned by".
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('device_name', 'text')
    .addColumn('direction', 'text', (col) => col.notNull().defaultTo('in').check(sql`direction in ('in', 'out')`))
    .addColumn('manual', 'boolean', (col) => col.notNull().defaultTo(false))
    // The device's clock when scanned; decides which of two offline scans of a ticket admitted it.
    .addColumn('scanned_at', 'timestamptz', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The server's verdict when it recorded the scan, and the device's own when it decided offline.
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('offline_result', 'text')
    // Set when an earlier scan of the same ticket turns out to have admitted it (offline conflicts).
    .addColumn('duplicate', 'boolean', (col) => col.notNull().defaultTo(false))
    // When the row (or its duplicate flag, or an undo of it) last changed: what incremental sync reads.
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('undoes', 'uuid', (col) => col.references('checkins.id'))
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    // A short hash of the scanned text, never the code itself.
    .addColumn('code_hash', 'text', (col) => col.notNull().defaultTo(''))
    .addCheckConstraint('checkins_undo_names_scan', sql`(kind = 'undo') = (undoes is not null)`)
    .execute();
  await sql`create unique index checkins_device_scan_key on checkins (device_id, client_scan_id) where kind = 'scan'`.execute(db);
  // A scan is undone at most once.
  await sql`create unique index checkins_undoes_key on checkins (undoes) where undoes is not null`.execute(db);
  await db.schema.createIndex('checkins_event_changed_idx').on('checkins').columns(['event_id', 'changed_at']).execute();
  await db.schema.createIndex('checkins_ticket_idx').on('checkins').column('ticket_id').execute();

  await sql`create function checkins_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        -- Deleting the event or the ticket takes its scans with it; nothing else deletes a scan.
        if pg_trigger_depth() > 1 then return old; end if;
        raise exception 'checkins are append-only';
      end if;
      if (new.id, new.event_id, new.ticket_id, new.kind, new.device_id, new.client_scan_id, new.direction, new.manual,
          new.scanned_at, new.received_at, new.result, new.offline_result, new.undoes, new.reason, new.code_hash)
         is distinct from
         (old.id, old.event_id, old.ticket_id, old.kind, old.device_id, old.client_scan_id, old.direction, old.manual,
          old.scanned_at, old.received_at, old.result, old.offline_result, old.undoes, old.reason, old.code_hash) then
        raise exception 'checkins are append-only: only the duplicate flag may change';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger checkins_no_change before update or delete on checkins
    for each row execute function checkins_append_only()`.execute(db);

  // Who is in: one row per admitted ticket, so "two devices can never both admit a ticket" is the primary key.
  // An online scan admits with INSERT … ON CONFLICT DO NOTHING (the loser answers "already used" with this row);
  // an offline scan that turns out earlier takes the row over (the earliest scan is the admission).
  // `inside` and `moved_at` follow exits and re-entries. An undo deletes the row (the log keeps the story).
  await db.schema
    .createTable('ticket_admissions')
    .addColumn('ticket_id', 'uuid', (col) => col.primaryKey().references('tickets.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('checkin_id', 'uuid', (col) => col.notNull())
    .addColumn('scanned_at', 'timestamptz', (col) => col.notNull())
    .addColumn('device_id', 'text', (col) => col.notNull())
    .addColumn('device_name', 'text')
    .addColumn('inside', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('moved_at', 'timestamptz', (col) => col.notNull())
    .execute();
  // Checked when the transaction ends, so a statement may write the scan and its admission in either order.
  await sql`alter table ticket_admissions add constraint ticket_admissions_checkin_fkey foreign key (checkin_id)
    references checkins (id) deferrable initially deferred`.execute(db);
  await db.schema.createIndex('ticket_admissions_event_idx').on('ticket_admissions').columns(['event_id', 'inside']).execute();

  // Incremental scan data: tickets created, voided or whose order changed since the device's last sync.
  await db.schema.createIndex('tickets_event_created_idx').on('tickets').columns(['event_id', 'created_at']).execute();
  await sql`create index tickets_event_voided_idx on tickets (event_id, voided_at) where voided_at is not null`.execute(db);
  await db.schema
    .createIndex('ticket_revocations_event_revoked_idx')
    .on('ticket_revocations')
    .columns(['event_id', 'revoked_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ticket_revocations_event_revoked_idx').execute();
  await db.schema.dropIndex('tickets_event_voided_idx').execute();
  await db.schema.dropIndex('tickets_event_created_idx').execute();
  await db.schema.dropTable('ticket_admissions').execute();
  await sql`drop trigger if exists checkins_no_change on checkins`.execute(db);
  await db.schema.dropTable('checkins').execute();
  await sql`drop function if exists checkins_append_only()`.execute(db);
}
