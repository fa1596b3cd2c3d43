import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { decoyPasswordHash, verifyPassword } from '../../lib/auth/passwords.ts';
import { hashCode, randomCode, sameSecret } from '../../lib/auth/secrets.ts';
import { findAttemptsOf, type SignUpAttempt, setAttemptCode } from './sign-up-attempts.repository.ts';
import { codeLifetimeMs, maxWrongTries } from './verification-codes.ts';

/** How long a sign-up waits for its confirmation; each code inside it lasts 10 minutes. */
export const attemptLifetimeMs = 2 * 24 * 3600 * 1000;

const codePurpose = 'sign_up';

/**
 * The waiting sign-ups of the address made with this password: the person who typed it, perhaps twice. Every
 * attempt is checked (and a decoy when there are none), so the time taken does not tell which one matched.
 */
export async function attemptsWithPassword(db: Db, email: string, password: string): Promise<SignUpAttempt[]> {
  const attempts = await findAttemptsOf(db, email);
  if (attempts.length === 0) {
    await verifyPassword(await decoyPasswordHash(), password);
    return [];
  }
  const matches = await Promise.all(attempts.map((attempt) => verifyPassword(attempt.password_hash, password)));
  return attempts.filter((_, index) => matches[index]);
}

/** Whether `code` is the live code of the attempt: not expired, not spent on five wrong tries. */
export function codeFits(secret: string, attempt: SignUpAttempt, code: string): boolean {
  if (!attempt.code_hash || !attempt.code_expires_at || new Date(attempt.code_expires_at) <= new Date()) return false;
  if (attempt.wrong_tries >= maxWrongTries) return false;
  return sameSecret(attempt.code_hash, hashCode(secret, codePurpose, code));
}

/** A fresh code for a new attempt: the code for the mail, and what to store. */
export function newAttemptCode(secret: string): { code: string; codeHash: string; codeExpiresAt: Date } {
  const code = randomCode();
  return { code, codeHash: hashCode(secret, codePurpose, code), codeExpiresAt: new Date(Date.now() + codeLifetimeMs) };
}

/** Replaces the attempt's code (the earlier one stops working) and returns it for the mail. */
export async function reissueAttemptCode(trx: Transaction<Database>, secret: string, attemptId: string): Promise<string> {
  const { code, codeHash, codeExpiresAt } = newAttemptCode(secret);
  await setAttemptCode(trx, attemptId, codeHash, codeExpiresAt);
  return code;
}
