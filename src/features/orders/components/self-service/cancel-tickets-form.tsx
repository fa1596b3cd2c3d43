import { type FormEvent, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import { formatMoney } from '#contract/money.ts';
import type { Order, Ticket } from '#contract/orders.ts';
import { toast } from '#lib/toasts.tsx';
import { useCancelTickets } from '../../api/order-self-service.ts';

interface CancelTicketsFormProps {
  order: Order;
  token: string | null;
  onDone(): void;
}

const tickets = (count: number) => (count === 1 ? '1 ticket' : `${count} tickets`);

/** The tickets the policy lets the buyer cancel, each with what comes back; the total before the one confirm. */
export function CancelTicketsForm({ order, token, onDone }: CancelTicketsFormProps) {
  const quotes = order.selfService?.cancellable ?? [];
  const [chosen, setChosen] = useState<string[]>(quotes.length === 1 ? quotes.map((quote) => quote.ticketId) : []);
  // One key per confirmation: a retry after a lost answer is the same cancellation, never a second one.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [refusal, setRefusal] = useState<string | null>(null);
  const cancel = useCancelTickets(order.id, token);
  const picked = quotes.filter((quote) => chosen.includes(quote.ticketId));
  const back = picked.reduce((sum, quote) => sum + quote.refund, 0);
  const kept = picked.reduce((sum, quote) => sum + quote.fee, 0);

  const toggle = (ticketId: string, on: boolean) => {
    setChosen((now) => (on ? [...now, ticketId] : now.filter((id) => id !== ticketId)));
    setIdempotencyKey(crypto.randomUUID());
    setRefusal(null);
  };
  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (picked.length === 0) return setRefusal('Choose the tickets to cancel.');
    setRefusal(null);
    cancel.mutate(
      { body: { ticketIds: picked.map((quote) => quote.ticketId) }, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(`Cancelled ${tickets(picked.length)}. We have emailed you the details.`);
          onDone();
        },
        onError: (error) => setRefusal(serverMessage(error)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Cancel tickets">
      <ChoiceGroup name={`cancel-${order.id}`} legend="Which tickets do you want to cancel?">
        {quotes.map((quote) => {
          const ticket = order.tickets.find((candidate) => candidate.id === quote.ticketId);
          const money =
            quote.refund === 0 && quote.fee === 0
              ? 'free'
              : `${formatMoney(quote.refund, order.currency)} back${quote.fee ? `, ${formatMoney(quote.fee, order.currency)} fee` : ''}`;
          return (
            <Choice
              key={quote.ticketId}
              type="checkbox"
              name={`cancel-${quote.ticketId}`}
              label={`Ticket ${order.tickets.indexOf(ticket as Ticket) + 1}: ${ticket?.typeName ?? ''} — ${ticket?.holderName ?? ''} (${money})`}
              checked={chosen.includes(quote.ticketId)}
              onChange={(on) => toggle(quote.ticketId, on)}
            />
          );
        })}
      </ChoiceGroup>
      {picked.length > 0 ? (
        <p className="rounded-lg bg-white p-3 text-slate-800 text-sm ring-1 ring-slate-200" aria-live="polite">
          {back > 0
            ? `You get ${formatMoney(back, order.currency)} back to the card you paid with`
            : 'Nothing was paid for these, so nothing moves back'}
          {kept > 0 ? `; the organiser keeps a ${formatMoney(kept, order.currency)} cancellation fee` : ''}. Cancelled tickets
          stop working at the door at once. This cannot be undone.
        </p>
      ) : null}
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="submit"
          disabled={cancel.isPending}
          aria-busy={cancel.isPending}
          className={`${buttonClass('danger')} w-full sm:w-auto`}
        >
          {cancel.isPending ? <Spinner /> : null}
          <span>
            {cancel.isPending ? 'Cancelling…' : picked.length > 0 ? `Cancel ${tickets(picked.length)}` : 'Cancel tickets'}
          </span>
        </button>
        <button
          type="button"
          className={`${buttonClass('secondary')} w-full sm:w-auto`}
          onClick={onDone}
          disabled={cancel.isPending}
        >
          Keep my tickets
        </button>
      </div>
    </form>
  );
}
