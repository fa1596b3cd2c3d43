import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewUpload {
  key: string;
  owner_id: string;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
}

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

export function findUpload(db: Executor, key: string) {
  return db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function deleteUpload(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('uploads').where('key', '=', key).execute();
}
