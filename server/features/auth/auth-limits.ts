import type { RateLimit } from '../../lib/rate-limiter.ts';

/** Rate limits of the account endpoints: per network address and per account. */
export const authLimits = {
  /** Sign-in limits count failed attempts only: a door team signing in on many phones is never locked out. */
  signInPerAccount: { name: 'sign-in:account', limit: 10, windowSeconds: 15 * 60 },
  signInPerAddress: { name: 'sign-in:address', limit: 100, windowSeconds: 15 * 60 },
  signUpPerAddress: { name: 'sign-up:address', limit: 20, windowSeconds: 60 * 60 },
  mailPerAccount: { name: 'mail:account', limit: 5, windowSeconds: 60 * 60 },
  mailPerAddress: { name: 'mail:address', limit: 30, windowSeconds: 60 * 60 },
  codeTriesPerAddress: { name: 'code:address', limit: 60, windowSeconds: 60 * 60 },
  refreshPerAddress: { name: 'refresh:address', limit: 300, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;
