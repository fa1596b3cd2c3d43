import { hashCode, randomCode } from '../../../lib/auth/secrets.ts';
import type { OutgoingMail } from '../../../lib/mail/outbox.ts';
import { emailCodeMail } from '../tickets/order-mail.ts';

// A free order from a buyer whose email is not proven is held, and its tickets wait for the code mailed to
// that email (decision 021). What makes a code and its mail; storing it is in email-proof.repository.ts, entering it in email-proof.service.ts.

/** Codes are bound to their order: a code hashed for one order is worth nothing for another. */
export const emailCodeHash = (secret: string, orderId: string, code: string) => hashCode(secret, `order-email:${orderId}`, code);

export interface EmailCodeEvent {
  title: string;
  starts_at: Date | string;
  timezone: string;
  organizer_name: string;
}

export interface NewEmailCode {
  hash: string;
  mail: OutgoingMail;
}

/** A new code for the order: its hash to store, and the mail that carries it to the buyer email. */
export function newEmailCode(
  secret: string,
  input: { orderId: string; email: string; token: string; origin: string; event: EmailCodeEvent; holdExpiresAt: Date },
): NewEmailCode {
  const code = randomCode();
  const { event } = input;
  const link = `${input.origin}/payment/order-success?${new URLSearchParams({ orderId: input.orderId, token: input.token })}`;
  const minutes = Math.max(1, Math.round((input.holdExpiresAt.getTime() - Date.now()) / 60_000));
  return {
    hash: emailCodeHash(secret, input.orderId, code),
    mail: emailCodeMail({
      to: input.email,
      code,
      event: { title: event.title, startsAt: event.starts_at, timezone: event.timezone, organiser: event.organizer_name },
      minutes,
      link,
    }),
  };
}
