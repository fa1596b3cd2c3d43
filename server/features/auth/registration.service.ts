import type { Transaction } from 'kysely';
import type { SignUp } from '../../../src/contract/auth.ts';
import { secondsToIsoDate } from '../../../src/contract/date-of-birth.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { authLimits } from '../../lib/auth/auth-limits.ts';
import { hashPassword } from '../../lib/auth/passwords.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { confirmationCodeMail } from '../../lib/mail/templates.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { findUserByEmail, findUserById, insertOrganizationWithOwner, insertUser } from '../users/users.service.ts';
import type { AuthDeps, Caller } from './auth-context.ts';
import { refuseWeakPassword } from './password-rules.ts';
import { type SignedIn, startSession } from './sign-in.service.ts';
import {
  countAttemptWrongTry,
  deleteAttemptsOf,
  findAttemptsOf,
  insertAttempt,
  lockAttemptsOf,
  type SignUpAttempt,
} from './sign-up-attempts.repository.ts';
import { attemptLifetimeMs, attemptsWithPassword, codeFits, newAttemptCode, reissueAttemptCode } from './sign-up-attempts.ts';

const confirmLink = (origin: string, email: string, code: string) =>
  `${origin}/verify-cognito?${new URLSearchParams({ email, code }).toString()}`;

/** Masks an address for display: `j***@example.com`. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1***');

const confirmationRefused =
  'That code or password is not right, or the code has expired. Use the code from our latest email and the password you signed up with.';

function confirmationRejected(): HttpError {
  return new HttpError('BAD_REQUEST', confirmationRefused, [{ path: 'body.code', message: confirmationRefused }]);
}

/**
 * Records a sign-up attempt with its own password, details and code, and mails the code (decision 019). No account
 * exists until the code is confirmed with this attempt's password. An address that already has an account gets the
 * same answer and no mail, so sign-up reveals nothing.
 */
export async function signUp({ db, config }: AuthDeps, input: SignUp, caller: Caller): Promise<void> {
  await consumeRateLimit(db, authLimits.signUpPerAddress, caller.ip);
  refuseWeakPassword(input.password, input);
  // Counted whether or not the address has an account, so the limit reveals nothing either.
  await consumeRateLimit(db, authLimits.mailPerAccount, input.email);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, input.email)) return;
    const { code, codeHash, codeExpiresAt } = newAttemptCode(config.jwtSecret);
    await insertAttempt(trx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      dateOfBirth: secondsToIsoDate(input.dateOfBirth),
      userType: input.userType,
      organizationName: input.userType === 'organiser' ? (input.organizationName ?? null) : null,
      codeHash,
      codeExpiresAt,
      expiresAt: new Date(Date.now() + attemptLifetimeMs),
    });
    const mail = confirmationCodeMail({ firstName: input.firstName, code, link: confirmLink(caller.origin, input.email, code) });
    await enqueueMail(trx, { to: input.email, ...mail });
  });
}

/**
 * Confirms the address with the code mailed for one attempt and that attempt's password: the attempt becomes the
 * account, every other attempt (and its code) is dropped, and the person is signed in.
 */
export async function confirmSignup(
  deps: AuthDeps,
  input: { email: string; code: string; password: string },
  caller: Caller,
): Promise<SignedIn> {
  const { db, config } = deps;
  await consumeRateLimit(db, authLimits.codeTriesPerAddress, caller.ip);
  // Checked before the transaction: hashing is slow, and the password only picks which attempts may be confirmed.
  const candidates = await attemptsWithPassword(db, input.email, input.password);
  if (candidates.length === 0) throw confirmationRejected();
  const userId = await db.transaction().execute(async (trx) => {
    const current = await lockAttemptsOf(trx, input.email);
    const mine = current.filter((attempt) => candidates.some((candidate) => candidate.id === attempt.id));
    const confirmed = mine.find((attempt) => codeFits(config.jwtSecret, attempt, input.code));
    if (!confirmed) {
      // Counted on this person's attempts only: a stranger's wrong codes cannot spend someone else's.
      for (const attempt of mine) await countAttemptWrongTry(trx, attempt.id);
      return null;
    }
    await deleteAttemptsOf(trx, input.email);
    // The address was confirmed by another way meanwhile (an account made by an administrator): nothing to add.
    if (await findUserByEmail(trx, input.email)) return null;
    const id = await insertUser(trx, {
      email: confirmed.email,
      firstName: confirmed.first_name,
      lastName: confirmed.last_name,
      passwordHash: confirmed.password_hash,
      dateOfBirth: confirmed.date_of_birth,
      userType: confirmed.user_type,
      emailConfirmedAt: new Date(),
    });
    if (confirmed.user_type === 'organiser' && confirmed.organization_name) {
      await insertOrganizationWithOwner(trx, confirmed.organization_name, id);
    }
    await recordAudit(trx, { actorId: id, action: 'user.signed_up', subjectType: 'user', subjectId: id });
    return id;
  });
  const user = userId ? await findUserById(db, userId) : undefined;
  if (!user) throw confirmationRejected();
  return startSession(deps, user, caller);
}

/** Mails a new code for the attempt made with this password, if there is one; the answer is the same either way. */
export async function resendConfirmationCode(
  { db, config }: AuthDeps,
  input: { email: string; password: string },
  caller: Caller,
): Promise<void> {
  await consumeRateLimit(db, authLimits.mailPerAddress, caller.ip);
  await consumeRateLimit(db, authLimits.mailPerAccount, input.email);
  const [newest] = await attemptsWithPassword(db, input.email, input.password);
  if (!newest) return;
  await db.transaction().execute(async (trx) => {
    const current = await lockAttemptsOf(trx, input.email);
    if (!current.some((attempt) => attempt.id === newest.id)) return;
    await mailNewSignUpCode(trx, config.jwtSecret, newest, caller.origin);
  });
}

/** Gives a waiting sign-up a new code (the old one stops working) and mails it: the "send a new code" mail. */
export async function mailNewSignUpCode(
  trx: Transaction<Database>,
  secret: string,
  attempt: { id: string; email: string; first_name: string },
  origin: string,
): Promise<void> {
  const code = await reissueAttemptCode(trx, secret, attempt.id);
  const mail = confirmationCodeMail({ firstName: attempt.first_name, code, link: confirmLink(origin, attempt.email, code) });
  await enqueueMail(trx, { to: attempt.email, ...mail });
}

/** The sign-ups waiting for confirmation at the address, newest first. */
export function waitingSignUps(db: Executor, email: string): Promise<SignUpAttempt[]> {
  return findAttemptsOf(db, email);
}

/** Every sign-up of the address, locked in the caller's transaction as a confirmation or a new code locks them. */
export function lockWaitingSignUps(trx: Transaction<Database>, email: string): Promise<SignUpAttempt[]> {
  return lockAttemptsOf(trx, email);
}
