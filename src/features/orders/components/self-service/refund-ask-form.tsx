import { type FormEvent, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { type FieldErrors, serverFieldErrors, serverMessage, validate } from '#components/fields/form-errors.ts';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { SubmitButton } from '#components/submit-button.tsx';
import { refundAskLimits, refundAskSchema } from '#contract/cancellations.ts';
import type { Order } from '#contract/orders.ts';
import { toast } from '#lib/toasts.tsx';
import { useAskForRefund } from '../../api/order-self-service.ts';

interface RefundAskFormProps {
  order: Order;
  token: string | null;
  onDone(): void;
}

/** The tickets a buyer may ask to have refunded: paid for, not refunded, and not theirs to cancel themselves. */
export function askableTickets(order: Order) {
  const cancellable = new Set((order.selfService?.cancellable ?? []).map((quote) => quote.ticketId));
  const priceOf = (typeId: string) => {
    const item = order.items.find((candidate) => candidate.ticketTypeId === typeId);
    return item ? item.unitPrice + item.unitFee : 0;
  };
  return order.tickets.filter((ticket) => !ticket.refundedAt && !cancellable.has(ticket.id) && priceOf(ticket.ticketTypeId) > 0);
}

/** Which tickets, and why: sent to the organiser, who refunds or declines it. */
export function RefundAskForm({ order, token, onDone }: RefundAskFormProps) {
  const askable = askableTickets(order);
  const [chosen, setChosen] = useState<string[]>(askable.map((ticket) => ticket.id));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const ask = useAskForRefund(order.id, token);
  const reasonName = `reason-${order.id}`;

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    setRefusal(null);
    const checked = validate(refundAskSchema, { ticketIds: chosen, reason });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    ask.mutate(checked.data, {
      onSuccess: () => {
        toast.success('Your request is sent. The organiser answers by email.');
        onDone();
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        setErrors(fields);
        if (!fields.reason && !fields.ticketIds) setRefusal(serverMessage(error));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Ask for a refund">
      <ChoiceGroup name={`ask-${order.id}`} legend="Which tickets?" error={errors.ticketIds}>
        {askable.map((ticket) => (
          <Choice
            key={ticket.id}
            type="checkbox"
            name={`ask-${ticket.id}`}
            label={`Ticket ${order.tickets.indexOf(ticket) + 1}: ${ticket.typeName} — ${ticket.holderName}`}
            checked={chosen.includes(ticket.id)}
            onChange={(on) => setChosen((now) => (on ? [...now, ticket.id] : now.filter((id) => id !== ticket.id)))}
          />
        ))}
      </ChoiceGroup>
      <TextareaField
        label="Why are you asking?"
        name={reasonName}
        value={reason}
        rows={3}
        maxLength={refundAskLimits.reason}
        error={errors.reason}
        hint="The organiser reads this. They refund or decline, and we email you their answer."
        onChange={(event) => setReason(event.target.value)}
      />
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton inline busy={ask.isPending} busyLabel="Sending…">
          Send the request
        </SubmitButton>
        <button
          type="button"
          className={`${buttonClass('secondary')} w-full sm:w-auto`}
          onClick={onDone}
          disabled={ask.isPending}
        >
          Not now
        </button>
      </div>
    </form>
  );
}
