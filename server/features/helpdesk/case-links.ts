import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { randomToken, sha256 } from '../../lib/auth/secrets.ts';
import { insertAccess } from './cases.repository.ts';

/** A mailed link opens its case once and only within this time; so does the access it is exchanged for. */
export const linkHours = 24;
const linkSeconds = linkHours * 3600;

// No I, L, O or U: a reference read aloud or typed from a phone is not mistaken.
const referenceAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** HD-XXXX-XXXX-XXXX: 60 random bits, nothing sequential to count through. */
export function newReference(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => referenceAlphabet[randomInt(referenceAlphabet.length)]).join(''),
  );
  return `HD-${groups.join('-')}`;
}

/**
 * A new link for one mail: random, stored only as its hash, bound to the case and the address it is sent to.
 * Every mail gets its own, so an old mail's link is not the newest one's.
 */
export async function newCaseLink(
  trx: Kysely<Database> | Transaction<Database>,
  origin: string,
  caseId: string,
  email: string,
): Promise<string> {
  const token = randomToken();
  await insertAccess(trx, { token_hash: sha256(token), case_id: caseId, email, kind: 'link', expires_in_seconds: linkSeconds });
  return `${origin}/help-desk/case-details?token=${token}`;
}

/** The access a used link becomes: kept by that browser only, sent with each call for the case. */
export async function newCaseAccess(trx: Transaction<Database>, caseId: string, email: string): Promise<string> {
  const key = randomToken();
  await insertAccess(trx, { token_hash: sha256(key), case_id: caseId, email, kind: 'access', expires_in_seconds: linkSeconds });
  return key;
}
