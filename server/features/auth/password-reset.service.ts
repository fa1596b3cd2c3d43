import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { authLimits } from '../../lib/auth/auth-limits.ts';
import { hashPassword } from '../../lib/auth/passwords.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { resetCodeMail } from '../../lib/mail/templates.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { findUserByEmail, updateUser } from '../users/users.service.ts';
import { forgetDevices, revokeAllSessions } from './auth.repository.ts';
import type { AuthDeps, Caller } from './auth-context.ts';
import { refuseWeakPassword } from './password-rules.ts';
import { codeRejected, issueCode, spendCode } from './verification-codes.ts';

// `sent`: the page opened from the mail asks for the code at once; from the sign-in page it first offers to send one.
const resetLink = (origin: string, email: string) =>
  `${origin}/forgot-password?${new URLSearchParams({ email, sent: '1' }).toString()}`;

/** Mails a reset code when the account exists; the answer is the same either way. */
export async function forgotPassword({ db, config }: AuthDeps, email: string, caller: Caller): Promise<void> {
  await consumeRateLimit(db, authLimits.mailPerAddress, caller.ip);
  await consumeRateLimit(db, authLimits.mailPerAccount, email);
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) return;
    await mailResetCode(trx, config.jwtSecret, user, caller.origin);
  });
}

/** Issues a reset code (retiring the older one) and puts the reset mail in the outbox: the forgotten-password mail. */
export async function mailResetCode(
  trx: Transaction<Database>,
  secret: string,
  user: { id: string; email: string; first_name: string },
  origin: string,
): Promise<void> {
  const code = await issueCode(trx, secret, user.id, 'reset_password');
  const mail = resetCodeMail({ firstName: user.first_name, code, link: resetLink(origin, user.email) });
  await enqueueMail(trx, { to: user.email, ...mail });
}

/**
 * Sets a new password with the mailed code and ends every session of the account; its devices are forgotten too, so
 * whoever knew the old password keeps no way past the sign-in limits.
 */
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
    await updateUser(trx, user.id, { password_hash: passwordHash });
    await revokeAllSessions(trx, user.id);
    await forgetDevices(trx, user.id);
    await recordAudit(trx, { actorId: user.id, action: 'user.password_reset', subjectType: 'user', subjectId: user.id });
    return outcome;
  });
  if (result !== 'ok') throw codeRejected();
}
