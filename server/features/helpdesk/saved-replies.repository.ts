import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export function listSavedReplies(db: Db) {
  return db.selectFrom('help_saved_replies').select(['id', 'title', 'body', 'updated_at']).orderBy('title').execute();
}

export function savedReplyTitleTaken(db: Db | Transaction<Database>, title: string, exceptId: string | null) {
  let query = db.selectFrom('help_saved_replies').select('id').where(sql<string>`lower(title)`, '=', title.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertSavedReply(
  trx: Transaction<Database>,
  values: { title: string; body: string; created_by: string },
): Promise<string> {
  const row = await trx.insertInto('help_saved_replies').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Whether a saved reply with this id was there to change. */
export async function updateSavedReply(
  trx: Transaction<Database>,
  id: string,
  values: { title: string; body: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('help_saved_replies')
    .set({ ...values, updated_at: sql<Date>`now()` as unknown as Date })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteSavedReply(trx: Transaction<Database>, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('help_saved_replies').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
