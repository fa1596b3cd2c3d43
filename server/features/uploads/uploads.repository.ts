import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export interface NewUpload {
  key: string;
  owner_id: string;
  organization_id: string;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  /** Null for an `aws` key handed out and not yet put. */
  stored_at: Date | null;
}

/** How long a key handed out on `aws` holds its declared size against the quota, waiting for the object. */
export const RESERVATION_MS = 60 * 60 * 1000;

/** Claims the key for its owner; false when the key is already taken (nothing is changed then). */
export async function claimUploadKey(db: Executor, upload: NewUpload): Promise<boolean> {
  const inserted = await db
    .insertInto('uploads')
    .values(upload)
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The organisation's images and bytes: stored ones, and keys handed out within the last hour. Takes
 * the organisation's upload lock until the transaction ends, so two uploads cannot both fit the last room.
 */
export async function holdStorage(trx: Executor, organizationId: string): Promise<{ images: number; bytes: number }> {
  await sql`select pg_advisory_xact_lock(hashtext(${`uploads:${organizationId}`}))`.execute(trx);
  const { rows } = await sql<{ images: string | number; bytes: string | number }>`
    select count(*) as images, coalesce(sum(size_bytes), 0) as bytes
      from uploads
     where organization_id = ${organizationId}
       and (stored_at is not null or created_at > ${new Date(Date.now() - RESERVATION_MS)})`.execute(trx);
  return { images: Number(rows[0]?.images ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
}

export function findUpload(db: Executor, key: string) {
  return db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function deleteUpload(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('uploads').where('key', '=', key).execute();
}

/** Records a reserved key's object as stored, with what it turned out to be. */
export async function markStored(
  db: Executor,
  key: string,
  facts: Pick<NewUpload, 'content_type' | 'size_bytes' | 'width' | 'height'>,
): Promise<void> {
  await db
    .updateTable('uploads')
    .set({ ...facts, stored_at: sql`now()` })
    .where('key', '=', key)
    .where('stored_at', 'is', null)
    .execute();
}

/**
 * Whether a link may be signed for the key: it was stored by this app, and it is shown publicly (an
 * organisation's logo, the cover of an event that is not a draft) or belongs to the caller (uploaded
 * by them, or for an organisation they are a member of).
 */
export async function isLinkable(db: Executor, key: string, callerId: string | null): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    select true as ok from uploads u
     where u.key = ${key} and u.stored_at is not null
       and (exists (select 1 from organizations o where o.logo_key = u.key)
         or exists (select 1 from events e where e.cover_image_key = u.key and e.status <> 'draft')
         ${
           callerId
             ? sql`or u.owner_id = ${callerId}
         or exists (select 1 from organization_members m where m.organization_id = u.organization_id and m.user_id = ${callerId})`
             : sql``
         })`.execute(db);
  return rows.length > 0;
}
