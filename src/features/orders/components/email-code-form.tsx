import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect } from 'react';
import { buttonClass } from '#components/button.ts';
import { CodeField } from '#components/fields/code-field.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { Spinner, SubmitButton } from '#components/submit-button.tsx';
import { type Order, orderEmailCodeSchema } from '#contract/orders.ts';
import { orderKeys } from '#lib/query-keys/orders.ts';
import { toast } from '#lib/toasts.tsx';
import { useConfirmOrderEmail } from '../api/confirm-order-email.ts';
import { useSendOrderCode } from '../api/send-order-code.ts';
import { useNow } from '../hooks/use-now.ts';
import { timeLeft } from '../utils/countdown.ts';
import { ticketCount } from '../utils/ticket-choice.ts';
import { HoldCountdown } from './hold-countdown.tsx';

interface EmailCodeFormProps {
  /** A free order waiting for the code mailed to its buyer email (`awaitingEmailCode`). */
  order: Order;
  token: string | null;
}

/**
 * Free tickets for a buyer whose email is not proven: the code mailed to that email, a way to have it sent
 * again, and how long the tickets stay held. Entering it gets the tickets, which the page then shows.
 */
export function EmailCodeForm({ order, token }: EmailCodeFormProps) {
  const queryClient = useQueryClient();
  const confirm = useConfirmOrderEmail();
  const send = useSendOrderCode();
  const { formRef, errors, field, validateWith, showServerErrors } = useFormFields({ code: '' });
  const now = useNow(1000);
  const left = now === null ? null : timeLeft(order.holdExpiresAt, now);
  const tickets = ticketCount(order.items);

  // Time is up: the order has lapsed by now, and the page moves on to say so.
  useEffect(() => {
    if (left === 0) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
  }, [left, order.id, queryClient]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = validateWith(orderEmailCodeSchema);
    if (!entered) return;
    confirm.mutate({ orderId: order.id, token, code: entered.code }, { onError: (error) => showServerErrors(error, ['code']) });
  };
  const sendAgain = () =>
    send.mutate(
      { orderId: order.id, token },
      { onSuccess: () => toast.success(`We sent a new code to ${order.buyer.email}. The old one no longer works.`) },
    );

  return (
    <section
      aria-labelledby="email-code-title"
      className="mx-auto max-w-lg space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <div>
        <h1 id="email-code-title" className="font-bold text-2xl text-slate-900 leading-tight">
          Check your email — enter the code to get your tickets
        </h1>
        <p className="mt-2 text-slate-600">
          We sent a 6-digit code to <strong className="break-all font-semibold text-slate-900">{order.buyer.email}</strong>.
          {tickets === 1 ? ' Your free ticket' : ` Your ${tickets} free tickets`} for {order.event.title}{' '}
          {tickets === 1 ? 'is' : 'are'} held for you until you enter it.
        </p>
      </div>
      <HoldCountdown
        left={left}
        label={tickets === 1 ? 'Your ticket is held for you' : `Your ${tickets} tickets are held for you`}
      />
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <CodeField label="Code from the email" required {...field('code')} />
        <SubmitButton busy={confirm.isPending} busyLabel="Checking the code…">
          Get my tickets
        </SubmitButton>
      </form>
      <button
        type="button"
        onClick={sendAgain}
        disabled={send.isPending}
        aria-busy={send.isPending}
        className={`${buttonClass('secondary')} w-full`}
      >
        {send.isPending ? <Spinner /> : null}
        {send.isPending ? 'Sending…' : 'Send the code again'}
      </button>
      <p className="text-slate-600 text-sm leading-relaxed">
        It can take a minute to arrive; check your spam or junk folder too. Signed in with a confirmed email, you get free tickets
        at once.
      </p>
    </section>
  );
}
