import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { hashCode, randomCode, sameSecret } from '../../lib/auth/secrets.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type CodePurpose, consumeCode, countWrongTry, lockActiveCode, replaceCode } from './auth.repository.ts';

export const codeLifetimeMs = 10 * 60 * 1000;
export const maxWrongTries = 5;

export const invalidCodeMessage = 'That code is not valid or has expired. Check the latest email we sent, or ask for a new code.';

/** Issues a fresh code for the user (retiring older ones) and returns it for the email. */
export async function issueCode(
  trx: Transaction<Database>,
  secret: string,
  userId: string,
  purpose: CodePurpose,
): Promise<string> {
  const code = randomCode();
  await replaceCode(trx, userId, purpose, hashCode(secret, purpose, code), new Date(Date.now() + codeLifetimeMs));
  return code;
}

/**
 * Spends a code: single use, 10 minutes, at most 5 wrong tries. A wrong try is counted even
 * though the request fails, so the count survives the error answer.
 */
export async function spendCode(
  trx: Transaction<Database>,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<'ok' | 'wrong' | 'none'> {
  const active = await lockActiveCode(trx, userId, purpose);
  if (!active || active.attempts >= maxWrongTries) return 'none';
  if (!sameSecret(active.code_hash, hashCode(secret, purpose, code))) {
    await countWrongTry(trx, active.id);
    return 'wrong';
  }
  await consumeCode(trx, active.id);
  return 'ok';
}

export function codeRejected(): HttpError {
  return new HttpError('BAD_REQUEST', invalidCodeMessage, [{ path: 'body.code', message: invalidCodeMessage }]);
}
