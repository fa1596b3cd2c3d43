import type { RateLimit } from '../rate-limiter.ts';

/** Rate limits of the account endpoints: per network address and per account (decisions 006 and 010). */
export const authLimits = {
  /** Sign-in limits count failed attempts only: a door team signing in on many phones is never locked out. */
  signInPerAccountAddress: { name: 'sign-in:account-address', limit: 10, windowSeconds: 15 * 60 },
  signInPerAddress: { name: 'sign-in:address', limit: 100, windowSeconds: 15 * 60 },
  /** Guesses spread over many addresses; never applied to a device that has signed in to the account before. */
  signInPerAccount: { name: 'sign-in:account', limit: 50, windowSeconds: 15 * 60 },
  /** A known device skips the limits above and has this one of its own. */
  signInPerKnownDevice: { name: 'sign-in:device', limit: 10, windowSeconds: 15 * 60 },
  signUpPerAddress: { name: 'sign-up:address', limit: 20, windowSeconds: 60 * 60 },
  /** Every mail with a code (sign-up, a new code, a password reset) counts, whatever the account's state. */
  mailPerAccount: { name: 'mail:account', limit: 5, windowSeconds: 60 * 60 },
  mailPerAddress: { name: 'mail:address', limit: 30, windowSeconds: 60 * 60 },
  codeTriesPerAddress: { name: 'code:address', limit: 60, windowSeconds: 60 * 60 },
  refreshPerAddress: { name: 'refresh:address', limit: 300, windowSeconds: 15 * 60 },
  passwordChangesPerAccount: { name: 'password-change:account', limit: 10, windowSeconds: 60 * 60 },
  /** Counts wrong current passwords only. */
  wrongCurrentPasswordPerAccount: { name: 'password-change:wrong', limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;
