import { weakPasswordReason } from '../../lib/auth/passwords.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Refuses a new password that is too easy to guess, at the field it came in (`body.password` unless told). */
export function refuseWeakPassword(
  password: string,
  context: { email: string; firstName?: string; lastName?: string },
  path = 'body.password',
): void {
  const reason = weakPasswordReason(password, context);
  if (reason) throw new HttpError('BAD_REQUEST', reason, [{ path, message: reason }]);
}
