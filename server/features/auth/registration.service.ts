import type { SignUp } from '../../../src/contract/auth.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { hashPassword, weakPasswordReason } from '../../lib/auth/passwords.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { confirmationCodeMail, resetCodeMail } from '../../lib/mail/templates.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { dateOfBirthToIso } from '../users/user-view.ts';
import { findUserByEmail, insertOrganizationWithOwner, insertUser, updateUser } from '../users/users.repository.ts';
import { revokeAllSessions } from './auth.repository.ts';
import type { AuthDeps, Caller } from './auth-context.ts';
import { authLimits } from './auth-limits.ts';
import { codeRejected, issueCode, spendCode } from './verification-codes.ts';

const confirmLink = (origin: string, email: string, code: string) =>
  `${origin}/verify-cognito?${new URLSearchParams({ email, code }).toString()}`;
const resetLink = (origin: string, email: string) => `${origin}/forgot-password?${new URLSearchParams({ email }).toString()}`;

function refuseWeakPassword(password: string, context: { email: string; firstName?: string; lastName?: string }): void {
  const reason = weakPasswordReason(password, context);
  if (reason) throw new HttpError('BAD_REQUEST', reason, [{ path: 'body.password', message: reason }]);
}

/** Masks an address for display: `j***@example.com`. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1***');

/**
 * Creates the account (and, for an organiser, their organisation) and mails a confirmation code.
 * An address that already has an account gets the same answer, so sign-up reveals nothing.
 */
export async function signUp({ db, config }: AuthDeps, input: SignUp, caller: Caller): Promise<void> {
  await consumeRateLimit(db, authLimits.signUpPerAddress, caller.ip);
  refuseWeakPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, input.email);
    if (existing) {
      if (existing.email_confirmed_at) return;
      const code = await issueCode(trx, config.jwtSecret, existing.id, 'confirm_email');
      const mail = confirmationCodeMail({
        firstName: existing.first_name,
        code,
        link: confirmLink(caller.origin, existing.email, code),
      });
      await enqueueMail(trx, { to: existing.email, ...mail });
      return;
    }
    const userId = await insertUser(trx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      dateOfBirth: dateOfBirthToIso(input.dateOfBirth),
      userType: input.userType,
    });
    if (input.userType === 'organiser' && input.organizationName) {
      await insertOrganizationWithOwner(trx, input.organizationName, userId);
    }
    const code = await issueCode(trx, config.jwtSecret, userId, 'confirm_email');
    const mail = confirmationCodeMail({ firstName: input.firstName, code, link: confirmLink(caller.origin, input.email, code) });
    await enqueueMail(trx, { to: input.email, ...mail });
    await recordAudit(trx, { actorId: userId, action: 'user.signed_up', subjectType: 'user', subjectId: userId });
  });
}

/** Confirms the address with the mailed code; the account can sign in from then on. */
export async function confirmSignup({ db, config }: AuthDeps, email: string, code: string, caller: Caller): Promise<void> {
  await consumeRateLimit(db, authLimits.codeTriesPerAddress, caller.ip);
  const user = await findUserByEmail(db, email);
  if (!user || user.email_confirmed_at) throw codeRejected();
  const result = await db.transaction().execute(async (trx) => {
    const outcome = await spendCode(trx, config.jwtSecret, user.id, 'confirm_email', code);
    if (outcome === 'ok') await updateUser(trx, user.id, { email_confirmed_at: new Date() });
    return outcome;
  });
  if (result !== 'ok') throw codeRejected();
}

export async function resendConfirmationCode({ db, config }: AuthDeps, email: string, caller: Caller): Promise<void> {
  await consumeRateLimit(db, authLimits.mailPerAddress, caller.ip);
  await consumeRateLimit(db, authLimits.mailPerAccount, email);
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user || user.email_confirmed_at) return;
    const code = await issueCode(trx, config.jwtSecret, user.id, 'confirm_email');
    const mail = confirmationCodeMail({ firstName: user.first_name, code, link: confirmLink(caller.origin, user.email, code) });
    await enqueueMail(trx, { to: user.email, ...mail });
  });
}

/** Mails a reset code when the account exists; the answer is the same either way. */
export async function forgotPassword({ db, config }: AuthDeps, email: string, caller: Caller): Promise<void> {
  await consumeRateLimit(db, authLimits.mailPerAddress, caller.ip);
  await consumeRateLimit(db, authLimits.mailPerAccount, email);
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) return;
    const code = await issueCode(trx, config.jwtSecret, user.id, 'reset_password');
    const mail = resetCodeMail({ firstName: user.first_name, code, link: resetLink(caller.origin, user.email) });
    await enqueueMail(trx, { to: user.email, ...mail });
  });
}

/** Sets a new password with the mailed code and ends every session of the account. */
export async function confirmForgotPassword(
  { db, config }: AuthDeps,
  input: { email: string; code: string; password: string },
  caller: Caller,
): Promise<void> {
  await consumeRateLimit(db, authLimits.codeTriesPerAddress, caller.ip);
  const user = await findUserByEmail(db, input.email);
  if (!user) throw codeRejected();
  refuseWeakPassword(input.password, { email: user.email, firstName: user.first_name, lastName: user.last_name });
  const passwordHash = await hashPassword(input.password);
  const result = await db.transaction().execute(async (trx) => {
    const outcome = await spendCode(trx, config.jwtSecret, user.id, 'reset_password', input.code);
    if (outcome !== 'ok') return outcome;
    // Receiving the code proves the address too.
    await updateUser(trx, user.id, {
      password_hash: passwordHash,
      ...(user.email_confirmed_at ? {} : { email_confirmed_at: new Date() }),
    });
    await revokeAllSessions(trx, user.id);
    await recordAudit(trx, { actorId: user.id, action: 'user.password_reset', subjectType: 'user', subjectId: user.id });
    return outcome;
  });
  if (result !== 'ok') throw codeRejected();
}

export { refuseWeakPassword };
