import { type FormEvent, useRef } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { errorEnvelope, type FieldErrors, formErrorKey, serverMessage } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { formatMoney } from '#contract/money.ts';
import { type CreateOrder, createOrderSchema } from '#contract/orders.ts';
import { answerSlots } from '#contract/questions.ts';
import { type Attempt, attemptFor } from '#lib/idempotency-key.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useCheckoutQuestions } from '../api/get-checkout-questions.ts';
import { slotKey, useAnswers } from '../hooks/use-answers.ts';
import { useOrderAmounts } from '../hooks/use-order-amounts.ts';
import { paymentPageRefused, useOrderContinuation } from '../hooks/use-order-continuation.ts';
import { answerRefusals, ticketSlots } from '../utils/checkout-refusals.ts';
import { OrderQuestions } from './answers/answer-fields.tsx';
import { TicketFields } from './answers/ticket-fields.tsx';
import { OrderAmounts } from './order-amounts.tsx';

/** A waiting-list offer as booking it needs: the places held, for whom, and the secret of the mailed link. */
export interface HeldOffer {
  token: string;
  eventId: string;
  ticketTypeId: string;
  ticketTypeName: string;
  unitPrice: number;
  currency: string;
  /** Places the offer holds: the most this order may take. */
  quantity: number;
  name: string;
  /** The email the offer was made to: the order's, so the tickets go where the offer went. */
  email: string;
}

interface OfferBookingFormProps {
  offer: HeldOffer;
  /** "I don't want them": the page asks before letting the places go. */
  onDecline(): void;
}

/** The buyer's name at its field; anything else (a lapsed offer, places gone) as the server's sentence. */
export function offerOrderErrors(error: unknown): FieldErrors {
  const name = errorEnvelope(error)?.errors?.find((item) => /buyer\.name$/.test(item.path));
  return name ? { name: name.message } : { [formErrorKey]: serverMessage(error) };
}

/**
 * Books the places an offer holds, as the event page books: the same order (with the offer), the same key for a retry,
 * then on to paying or to the confirmation exactly as a booking from the event page goes on.
 */
export function OfferBookingForm({ offer, onDecline }: OfferBookingFormProps) {
  const createOrder = useCreateOrder();
  const { continueWith, leaving } = useOrderContinuation(offer.eventId);
  const attempt = useRef<Attempt | null>(null);
  const { formRef, values, setValues, errors, field, showErrors } = useFormFields({
    name: offer.name,
    quantity: String(offer.quantity),
  });
  const quantity = Math.min(offer.quantity, Math.max(1, Number(values.quantity) || offer.quantity));
  const lines = [{ ticketTypeId: offer.ticketTypeId, name: offer.ticketTypeName, unitPrice: offer.unitPrice, quantity }];
  const amounts = useOrderAmounts(lines, offer.currency, offer.eventId);
  const free = amounts.total === 0;
  const questions = useCheckoutQuestions(offer.eventId);
  const answers = useAnswers();
  const slots = answerSlots(questions.data?.questions ?? [], lines);
  const questionsLoading = questions.isPending;

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (questionsLoading) return;
    const given = answers.check(slots);
    if (given === null) return showErrors({});
    const body: CreateOrder = {
      eventId: offer.eventId,
      items: [{ ticketTypeId: offer.ticketTypeId, quantity }],
      buyer: { name: values.name, email: offer.email },
      offer: offer.token,
      ...(given.length > 0 ? { answers: given } : {}),
    };
    const checked = createOrderSchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const onName = issue?.path.join('.') === 'buyer.name';
      showErrors({ [onName ? 'name' : formErrorKey]: issue?.message ?? 'Please check your order.' });
      return;
    }
    // The same order sent again (a retry after no answer) keeps its key, so it is never placed twice.
    attempt.current = attemptFor(attempt.current, JSON.stringify(checked.data));
    createOrder.mutate(
      { body: checked.data, idempotencyKey: attempt.current.key },
      {
        onSuccess: (order) => {
          if (!continueWith(order)) showErrors({ [formErrorKey]: paymentPageRefused });
        },
        onError: (error) => {
          const refused = answerRefusals(error);
          const shown = new Set(slots.map(slotKey));
          answers.setErrors(refused);
          const placed = Object.keys(refused).length > 0 && Object.keys(refused).every((key) => shown.has(key));
          showErrors(placed ? {} : offerOrderErrors(error));
        },
      },
    );
  };

  const busy = createOrder.isPending || leaving;
  const options = Array.from({ length: offer.quantity }, (_, index) => offer.quantity - index);
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label="Book the tickets held for you">
      {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
      {offer.quantity > 1 ? (
        <SelectField
          label="Tickets"
          name="quantity"
          value={values.quantity}
          hint={`Up to ${offer.quantity}: those you don’t book go to the next person.`}
          onChange={(change) => setValues((current) => ({ ...current, quantity: change.target.value }))}
        >
          {options.map((count) => (
            <option key={count} value={count}>
              {count} × {offer.ticketTypeName}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField label="Full name" autoComplete="name" required maxLength={120} {...field('name')} />
      <div>
        <p className="font-medium text-slate-800">Email</p>
        <p className="mt-1 break-words text-slate-700">{offer.email}</p>
        <p className="mt-1 text-slate-600 text-sm">The offer was sent here, and so are the tickets.</p>
      </div>
      <OrderQuestions
        slots={slots.filter((slot) => slot.position === null)}
        values={answers.values}
        errors={answers.errors}
        onChange={answers.change}
        onLeave={answers.blur}
      />
      <TicketFields
        tickets={ticketSlots(lines)}
        slots={slots}
        values={answers.values}
        errors={answers.errors}
        onChange={answers.change}
        onLeave={answers.blur}
      />
      <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="mb-2 flex justify-between gap-4 text-slate-700">
          <span>
            {quantity} × {offer.ticketTypeName}
          </span>
          <span className="tabular-nums">{formatMoney(offer.unitPrice * quantity, offer.currency)}</span>
        </p>
        <OrderAmounts currency={offer.currency} {...amounts} />
      </div>
      <SubmitButton
        busy={busy || questionsLoading}
        busyLabel={questionsLoading ? 'Loading the organiser’s questions…' : free ? 'Booking…' : 'Reserving your tickets…'}
      >
        Book these tickets
      </SubmitButton>
      <button type="button" className={`${buttonClass('secondary')} w-full`} onClick={onDecline} disabled={busy}>
        I don’t want them
      </button>
    </form>
  );
}
