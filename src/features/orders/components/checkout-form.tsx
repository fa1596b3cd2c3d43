import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { type FieldErrors, formErrorKey, serverMessage } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { RefundPolicyNote } from '#components/refund-policy-note.tsx';
import { SubmitButton } from '#components/submit-button.tsx';
import { formatMoney } from '#contract/money.ts';
import { buyerSchema, type CreateOrder, createOrderSchema, holderEmailSchema, type Order } from '#contract/orders.ts';
import { answerSlots } from '#contract/questions.ts';
import { type Attempt, attemptFor } from '#lib/idempotency-key.ts';
import { eventKeys } from '#lib/query-keys/events.ts';
import { useSession } from '#lib/session/use-session.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useCheckoutQuestions } from '../api/get-checkout-questions.ts';
import { slotKey, useAnswers } from '../hooks/use-answers.ts';
import { paymentPageRefused, useOrderContinuation } from '../hooks/use-order-continuation.ts';
import { placeServerErrors, ticketSlots } from '../utils/checkout-refusals.ts';
import type { BookableEvent, ChosenLine } from '../utils/ticket-choice.ts';
import { OrderQuestions } from './answers/answer-fields.tsx';
import type { HolderInputs } from './answers/holder-fields.tsx';
import { TicketFields } from './answers/ticket-fields.tsx';

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

/** A ticket's holder email among the form's messages, by the ticket's key. */
const holderEmailField = (ticketKey: string) => `holder-email:${ticketKey}`;

/**
 * The buyer's name and email (prefilled when signed in), the organiser's questions for the order, an optional holder
 * name and email per ticket with each ticket's questions, then the order is placed.
 */
export function CheckoutForm({ event, lines, total, currency, code, onCodeRefused }: CheckoutFormProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  const attempt = useRef<Attempt | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const [emails, setEmails] = useState<Record<string, string>>({});
  const { continueWith, leaving } = useOrderContinuation(event.id);
  const { formRef, values, setValues, errors, field, clearError, showErrors } = useFormFields({ name: '', email: '' });
  const questions = useCheckoutQuestions(event.id);
  const answers = useAnswers();

  // Signed in: the account's name and email, unless the buyer has typed something already.
  const { user, email: cookieEmail } = session;
  useEffect(() => {
    const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
    const email = user?.email ?? cookieEmail ?? '';
    setValues((current) => ({ name: current.name || fullName, email: current.email || email }));
  }, [user, cookieEmail, setValues]);

  const tickets = ticketSlots(lines);
  const holders: HolderInputs = {
    names,
    emails,
    emailError: (key) => errors[holderEmailField(key)],
    onName: (key, name) => setNames((current) => ({ ...current, [key]: name })),
    onEmail: (key, email) => {
      setEmails((current) => ({ ...current, [key]: email }));
      clearError(holderEmailField(key));
    },
  };
  const slots = answerSlots(questions.data?.questions ?? [], lines);
  const orderSlots = slots.filter((slot) => slot.position === null);
  // The questions are on their way: the order waits for them rather than be refused for a missing answer.
  const questionsLoading = questions.isPending;
  const free = total === 0;
  // Signed in and booking with the account's (confirmed) email: free tickets come at once, without a code.
  const proven = Boolean(user?.email) && values.email.trim().toLowerCase() === user?.email.toLowerCase();

  const proceed = (order: Order) => {
    if (!continueWith(order)) showErrors({ [formErrorKey]: paymentPageRefused });
  };

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (questionsLoading) return;
    const buyerCheck = buyerSchema.safeParse(values);
    const given = answers.check(slots);
    const found: FieldErrors = {};
    for (const issue of buyerCheck.success ? [] : buyerCheck.error.issues) found[String(issue.path[0])] ??= issue.message;
    // Each ticket's holder, by the ticket's place in the order, as the server reads them.
    const attendees = tickets.map((ticket) => {
      const email = holderEmailSchema.safeParse(emails[ticket.key] ?? '');
      if (!email.success) found[holderEmailField(ticket.key)] = email.error.issues[0]?.message;
      return {
        ticketTypeId: ticket.ticketTypeId,
        name: (names[ticket.key] ?? '').trim(),
        ...(email.success && email.data ? { email: email.data } : {}),
      };
    });
    if (!buyerCheck.success || given === null || Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    const body: CreateOrder = {
      eventId: event.id,
      items: lines.map((line) => ({ ticketTypeId: line.ticketTypeId, quantity: line.quantity })),
      buyer: buyerCheck.data,
      ...(attendees.some((attendee) => attendee.name || attendee.email) ? { attendees } : {}),
      ...(code ? { code } : {}),
      ...(given.length > 0 ? { answers: given } : {}),
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
          const refusal = placeServerErrors(error);
          const shown = new Set(slots.map(slotKey));
          const unplaced = Object.keys(refusal.answers).some((key) => !shown.has(key));
          answers.setErrors(refusal.answers);
          const placed: FieldErrors = { ...refusal.placed };
          for (const [index, message] of Object.entries(refusal.holderEmails)) {
            const ticket = tickets[Number(index)];
            if (ticket) placed[holderEmailField(ticket.key)] = message;
            else placed[formErrorKey] ??= serverMessage(error);
          }
          showErrors(unplaced ? { ...placed, [formErrorKey]: serverMessage(error) } : placed);
          const { codeRefusal } = refusal;
          if (codeRefusal) onCodeRefused?.(codeRefusal);
          // Refused for stock (someone else was quicker): show what is left now.
          void queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.id) });
          // Refused for an answer: the organiser may have changed the questions since they loaded.
          if (Object.keys(refusal.answers).length > 0) void questions.refetch();
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
      {orderSlots.length > 0 ? (
        <OrderQuestions
          slots={orderSlots}
          values={answers.values}
          errors={answers.errors}
          onChange={answers.change}
          onLeave={answers.blur}
        />
      ) : null}
      <TicketFields
        tickets={tickets}
        slots={slots}
        holders={holders}
        values={answers.values}
        errors={answers.errors}
        onChange={answers.change}
        onLeave={answers.blur}
      />
      {event.startsAt && event.refundPolicy !== undefined ? (
        <RefundPolicyNote
          policy={event.refundPolicy}
          startsAt={event.startsAt}
          timeZone={event.timezone}
          headingLevel={3}
          transferCutoffHours={event.transferCutoffHours}
        />
      ) : null}
      <SubmitButton
        busy={busy || questionsLoading}
        busyLabel={questionsLoading ? 'Loading the organiser’s questions…' : free ? 'Booking…' : 'Reserving your tickets…'}
      >
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
