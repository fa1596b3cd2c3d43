import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { errorEnvelope, formErrorKey, serverMessage } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { formatMoney } from '#contract/money.ts';
import { buyerSchema, type CreateOrder, createOrderSchema, type Order } from '#contract/orders.ts';
import { type Attempt, attemptFor } from '#lib/idempotency-key.ts';
import { eventKeys } from '#lib/query-keys/events.ts';
import { useSession } from '#lib/session/use-session.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { paymentPageRefused, useOrderContinuation } from '../hooks/use-order-continuation.ts';
import type { BookableEvent, ChosenLine } from '../utils/ticket-choice.ts';

interface CheckoutFormProps {
  event: BookableEvent;
  lines: ChosenLine[];
  /** null while the booking fee loads. */
  total: number | null;
  currency: string;
  /** The discount or access code in force, sent with the order (decision 060). */
  code?: string;
  /** The order was refused for its code: the sentence goes under the code field. */
  onCodeRefused?(message: string): void;
}

/** `buyer.email` → `email`, `code` → the code's own field; what has no field here goes above the form. */
export function placeServerErrors(error: unknown): { placed: Record<string, string>; codeRefusal: string | null } {
  const placed: Record<string, string> = {};
  let codeRefusal: string | null = null;
  for (const item of errorEnvelope(error)?.errors ?? []) {
    const field = /buyer\.(name|email)$/.exec(item.path)?.[1];
    if (field) placed[field] ??= item.message;
    else if (item.path === 'body.code') codeRefusal ??= item.message;
  }
  // A refused code is said above the form too: the code's field is further up the page.
  if (Object.keys(placed).length === 0) placed[formErrorKey] = serverMessage(error);
  return { placed, codeRefusal };
}

/** Each ticket's optional name field: "Standard — ticket 2". */
function ticketSlots(lines: readonly ChosenLine[]) {
  return lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, index) => ({
      key: `${line.ticketTypeId}:${index}`,
      ticketTypeId: line.ticketTypeId,
      label: line.quantity === 1 ? line.name : `${line.name} — ticket ${index + 1}`,
    })),
  );
}

/** The buyer's name and email (prefilled when signed in), optional names per ticket, then the order is placed. */
export function CheckoutForm({ event, lines, total, currency, code, onCodeRefused }: CheckoutFormProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  const attempt = useRef<Attempt | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const { continueWith, leaving } = useOrderContinuation(event.id);
  const { formRef, values, setValues, errors, field, showErrors } = useFormFields({ name: '', email: '' });

  // Signed in: the account's name and email, unless the buyer has typed something already.
  const { user, email: cookieEmail } = session;
  useEffect(() => {
    const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
    const email = user?.email ?? cookieEmail ?? '';
    setValues((current) => ({ name: current.name || fullName, email: current.email || email }));
  }, [user, cookieEmail, setValues]);

  const slots = ticketSlots(lines);
  const free = total === 0;
  // Signed in and booking with the account's (confirmed) email: free tickets come at once, without a code.
  const proven = Boolean(user?.email) && values.email.trim().toLowerCase() === user?.email.toLowerCase();

  const proceed = (order: Order) => {
    if (!continueWith(order)) showErrors({ [formErrorKey]: paymentPageRefused });
  };

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const buyerCheck = buyerSchema.safeParse(values);
    if (!buyerCheck.success) {
      const found: Record<string, string> = {};
      for (const issue of buyerCheck.error.issues) found[String(issue.path[0])] ??= issue.message;
      showErrors(found);
      return;
    }
    const attendees = slots.map((slot) => ({ ticketTypeId: slot.ticketTypeId, name: (names[slot.key] ?? '').trim() }));
    const body: CreateOrder = {
      eventId: event.id,
      items: lines.map((line) => ({ ticketTypeId: line.ticketTypeId, quantity: line.quantity })),
      buyer: buyerCheck.data,
      ...(attendees.some((attendee) => attendee.name) ? { attendees } : {}),
      ...(code ? { code } : {}),
    };
    const checked = createOrderSchema.safeParse(body);
    if (!checked.success) {
      showErrors({ [formErrorKey]: checked.error.issues[0]?.message ?? 'Please check your order.' });
      return;
    }
    // The same order sent again (a retry after no answer) keeps its key, so it is never placed twice.
    attempt.current = attemptFor(attempt.current, JSON.stringify(checked.data));
    createOrder.mutate(
      { body: checked.data, idempotencyKey: attempt.current.key },
      {
        onSuccess: proceed,
        onError: (error) => {
          const { placed, codeRefusal } = placeServerErrors(error);
          showErrors(placed);
          if (codeRefusal) onCodeRefused?.(codeRefusal);
          // Refused for stock (someone else was quicker): show what is left now.
          void queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.id) });
        },
      },
    );
  };

  const busy = createOrder.isPending || leaving;
  const action = free ? 'Book now' : total === null ? 'Continue to payment' : `Pay ${formatMoney(total, currency)}`;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-labelledby="checkout-title">
      <h3 id="checkout-title" className="font-bold text-lg text-slate-900">
        Your details
      </h3>
      {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
      <TextField label="Full name" autoComplete="name" required {...field('name')} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        hint="Your tickets are sent here."
        {...field('email')}
      />
      <details className="rounded-xl bg-slate-50 px-4 py-1 ring-1 ring-slate-200">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-800">
          Name each ticket (optional)
        </summary>
        <p className="text-slate-600 text-sm">The name is printed on the ticket. Leave it blank to use yours.</p>
        <div className="space-y-3 py-3">
          {slots.map((slot) => (
            <TextField
              key={slot.key}
              id={`attendee-${slot.key.replace(':', '-')}`}
              label={slot.label}
              autoComplete="off"
              maxLength={120}
              value={names[slot.key] ?? ''}
              onChange={(change) => setNames((current) => ({ ...current, [slot.key]: change.target.value }))}
            />
          ))}
        </div>
      </details>
      <SubmitButton busy={busy} busyLabel={free ? 'Booking…' : 'Reserving your tickets…'}>
        {action}
      </SubmitButton>
      <p className="text-slate-600 text-xs leading-relaxed">
        {free ? (proven ? 'Free tickets are confirmed at once. ' : 'We email you a code to confirm free tickets. ') : null}
        {free ? null : 'Your tickets are held for you while you pay. '}
        By booking you accept the{' '}
        <Link to="/terms" className="underline">
          terms
        </Link>
        .
      </p>
    </form>
  );
}
