import { hash, verify } from '@node-rs/argon2';
import { isCommonPassword } from './common-passwords.ts';

/** argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane); see the accounts issue note for timings. */
const argon2idOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, argon2idOptions);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}

/** Why a new password is refused, or null when it is acceptable (length is checked by the schema). */
export function weakPasswordReason(
  password: string,
  context: { email: string; firstName?: string; lastName?: string },
): string | null {
  const lower = password.toLowerCase();
  if (isCommonPassword(lower)) return 'This password is too common. Choose one that is harder to guess.';
  const local = context.email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 4 && lower.includes(local)) return 'Your password must not contain your email address.';
  if (/^(.)\1+$/.test(password)) return 'Your password must not be one repeated character.';
  return null;
}
