import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export type CodePurpose = 'confirm_email' | 'reset_password';

/** Stores a new code and retires any earlier one for the same purpose: only the latest works. */
export async function replaceCode(
  db: Executor,
  userId: string,
  purpose: CodePurpose,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ consumed_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('verification_codes')
    .values({ user_id: userId, purpose, code_hash: codeHash, expires_at: expiresAt })
    .execute();
}

/** The live code, locked for this transaction so two tries cannot both count as the last. */
export function lockActiveCode(db: Transaction<Database>, userId: string, purpose: CodePurpose) {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function countWrongTry(db: Executor, codeId: string): Promise<void> {
  await db.updateTable('verification_codes').set({ attempts: sql`attempts + 1` }).where('id', '=', codeId).execute();
}

export async function consumeCode(db: Executor, codeId: string): Promise<void> {
  await db.updateTable('verification_codes').set({ consumed_at: new Date() }).where('id', '=', codeId).execute();
}

export async function insertRefreshToken(
  db: Executor,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ user_id: values.userId, family_id: values.familyId, token_hash: values.tokenHash, expires_at: values.expiresAt })
    .execute();
}

export function lockRefreshToken(db: Transaction<Database>, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Executor, id: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/**
 * The live tokens issued in a family after `token`, or null when one of them has been used: a used successor means
 * the client did get its answer, so a second use of `token` is a replay.
 */
export async function unusedSuccessors(
  db: Executor,
  token: { id: string; family_id: string; created_at: Date | string },
): Promise<string[] | null> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'used_at', 'revoked_at'])
    .where('family_id', '=', token.family_id)
    .where('id', '!=', token.id)
    .where('created_at', '>=', new Date(token.created_at))
    .execute();
  if (rows.some((row) => row.used_at)) return null;
  return rows.filter((row) => !row.revoked_at).map((row) => row.id);
}

export async function revokeTokens(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('id', 'in', ids).execute();
}

export async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function rememberDevice(db: Executor, userId: string, tokenHash: string): Promise<void> {
  await db
    .insertInto('known_devices')
    .values({ user_id: userId, token_hash: tokenHash })
    .onConflict((oc) => oc.columns(['user_id', 'token_hash']).doUpdateSet({ last_seen_at: new Date() }))
    .execute();
}

export async function isKnownDevice(db: Executor, userId: string, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('known_devices')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function forgetDevices(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
}

/** When a token family began: the sign-in with a password that every refresh of it continues. */
export async function familySignedInAt(db: Executor, familyId: string): Promise<Date> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('family_id', '=', familyId)
    .executeTakeFirst();
  return row?.first ? new Date(row.first) : new Date(0);
}
