import type { SignInResult } from '../../../src/contract/auth.ts';
import { accountSuspendedMessage } from '../../../src/contract/users.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { authLimits } from '../../lib/auth/auth-limits.ts';
import { verifyPassword } from '../../lib/auth/passwords.ts';
import { randomToken, sha256 } from '../../lib/auth/secrets.ts';
import { HttpError } from '../../lib/http-error.ts';
import { consumeRateLimit, type RateLimit, releaseRateLimit } from '../../lib/rate-limiter.ts';
import { toUser } from '../../lib/user-view.ts';
import { findUserByEmail, type UserRow } from '../users/users.service.ts';
import { isKnownDevice, rememberDevice } from './auth.repository.ts';
import type { AuthDeps, Caller } from './auth-context.ts';
import { issueSession, type Session } from './sessions.service.ts';
import { attemptsWithPassword } from './sign-up-attempts.ts';

export const emailNotConfirmedCode = 'EMAIL_NOT_CONFIRMED';
const wrongCredentials = 'The email or password is not right.';
export const emailNotConfirmedMessage =
  'Your email address is not confirmed yet. Enter the code we emailed you to confirm it and sign in.';

export interface SignedIn {
  session: Session;
  result: SignInResult;
  /** The random id that marks this browser as known to the account: set it as the device cookie. */
  device: string;
}

/**
 * Opens a session for the account on the caller's device, and remembers the device, so that the right password from
 * it passes the per-account limits a stranger's guesses may have closed (decision 010).
 */
export async function startSession(deps: AuthDeps, user: UserRow, caller: Caller): Promise<SignedIn> {
  if (user.suspended_at) throw new HttpError('FORBIDDEN', accountSuspendedMessage);
  const device = caller.device ?? randomToken();
  const session = await deps.db.transaction().execute(async (trx) => {
    const issued = await issueSession(deps, trx, user, crypto.randomUUID());
    await rememberDevice(trx, user.id, sha256(device));
    await recordAudit(trx, {
      actorId: user.id,
      action: 'user.signed_in',
      subjectType: 'user',
      subjectId: user.id,
      details: { ip: caller.ip },
    });
    return issued;
  });
  return {
    session,
    device,
    result: { accessToken: session.accessToken, refreshToken: session.refreshToken, authId: user.id, user: toUser(user) },
  };
}

/**
 * The failure counters this sign-in goes to. A device that signed in to the account before has its own; any other
 * counts per account and address, per address, and against the account's ceiling.
 */
async function countersFor(db: Db, email: string, user: UserRow | undefined, caller: Caller): Promise<[RateLimit, string][]> {
  if (user && caller.device) {
    const deviceHash = sha256(caller.device);
    if (await isKnownDevice(db, user.id, deviceHash)) return [[authLimits.signInPerKnownDevice, `${user.id} ${deviceHash}`]];
  }
  return [
    [authLimits.signInPerAddress, caller.ip],
    [authLimits.signInPerAccountAddress, `${email} ${caller.ip}`],
    [authLimits.signInPerAccount, email],
  ];
}

/** Whose password this is: the account's, a sign-up still waiting for its code, or nobody's. */
async function passwordOwner(db: Db, user: UserRow | undefined, input: { email: string; password: string }) {
  if (user) return (await verifyPassword(user.password_hash, input.password)) ? 'account' : 'nobody';
  const waiting = await attemptsWithPassword(db, input.email, input.password);
  return waiting.length > 0 ? 'unconfirmed' : 'nobody';
}

export async function signIn(deps: AuthDeps, input: { email: string; password: string }, caller: Caller): Promise<SignedIn> {
  const user = await findUserByEmail(deps.db, input.email);
  const counters = await countersFor(deps.db, input.email, user, caller);
  // Counted first, so parallel guesses cannot slip past a limit; a right password gives its hits back.
  for (const [rule, subject] of counters) await consumeRateLimit(deps.db, rule, subject);
  const owner = await passwordOwner(deps.db, user, input);
  if (owner === 'nobody') throw new HttpError('BAD_REQUEST', wrongCredentials);
  for (const [rule, subject] of counters) await releaseRateLimit(deps.db, rule, subject);
  if (owner === 'unconfirmed' || !user?.email_confirmed_at) {
    throw new HttpError('FORBIDDEN', emailNotConfirmedMessage, [{ path: 'body.email', message: emailNotConfirmedCode }]);
  }
  return startSession(deps, user, caller);
}
