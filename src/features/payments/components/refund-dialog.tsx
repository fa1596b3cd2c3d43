import { type FormEvent, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { controlClass } from '#components/fields/control-class.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import { formatMoney } from '#contract/money.ts';
import type { OrganizerOrder } from '#contract/orders.ts';
import { newIdempotencyKey } from '#lib/idempotency-key.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { refundAmount, refundableTickets } from '../utils/refund-amount.ts';

interface RefundDialogProps {
  organizationId: string;
  order: OrganizerOrder;
  open: boolean;
  onClose(): void;
  onRefunded(amount: number): void;
}

/**
 * Refund the whole order or chosen tickets, with a reason, after saying how much goes back.
 * One Idempotency-Key per opening: pressing again after a lost answer refunds once.
 */
export function RefundDialog({ organizationId, order, open, onClose, onRefunded }: RefundDialogProps) {
  const refund = useRefundOrder(organizationId);
  const tickets = refundableTickets(order);
  const [scope, setScope] = useState<'all' | 'some'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);

  const startOver = () => {
    setScope('all');
    setChosen([]);
    setReason('');
    setKey(newIdempotencyKey());
    refund.reset();
  };

  const ticketIds = scope === 'all' ? tickets.map((ticket) => ticket.id) : chosen;
  const amount = refundAmount(order, ticketIds);
  // A ticket voided by an administrator admits nobody already: only the valid ones stop working now.
  const stopping = tickets.filter((ticket) => ticketIds.includes(ticket.id) && ticket.status === 'valid').length;
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ticketIds.length === 0) return;
    const request = scope === 'all' ? { reason: reason.trim() } : { ticketIds, reason: reason.trim() };
    refund.mutate({ orderId: order.id, request, idempotencyKey: key }, { onSuccess: () => onRefunded(amount) });
  };

  return (
    <Dialog
      open={open}
      onOpen={startOver}
      labelledBy="refund-title"
      onClose={onClose}
      className="m-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/60"
    >
      <form onSubmit={submit} className="space-y-4 p-5 sm:p-6">
        <h2 id="refund-title" className="font-bold text-slate-900 text-xl">
          Refund order {order.reference}
        </h2>
        {refund.isError ? <FormAlert>{serverMessage(refund.error)}</FormAlert> : null}
        <fieldset className="space-y-2">
          <legend className="font-medium text-slate-800">What to refund</legend>
          <label className="flex min-h-11 items-center gap-3 rounded-xl px-3 ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-300">
            <input type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} className="size-5" />
            <span>
              The whole order ({tickets.length} ticket{tickets.length === 1 ? '' : 's'})
            </span>
          </label>
          {tickets.length > 1 ? (
            <label className="flex min-h-11 items-center gap-3 rounded-xl px-3 ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-300">
              <input type="radio" name="scope" checked={scope === 'some'} onChange={() => setScope('some')} className="size-5" />
              <span>Chosen tickets</span>
            </label>
          ) : null}
        </fieldset>
        {scope === 'some' ? (
          <fieldset className="space-y-1">
            <legend className="sr-only">Tickets to refund</legend>
            {tickets.map((ticket) => (
              <label key={ticket.id} className="flex min-h-11 items-center gap-3 px-1">
                <input
                  type="checkbox"
                  checked={chosen.includes(ticket.id)}
                  onChange={() => toggle(ticket.id)}
                  className="size-5"
                />
                <span>
                  {ticket.holderName} · {ticket.typeName}
                  {ticket.status === 'voided' ? <span className="text-slate-600"> (voided, not refunded)</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div>
          <label htmlFor="refund-reason" className="block font-medium text-slate-800">
            Reason (optional, sent to the buyer)
          </label>
          <textarea
            id="refund-reason"
            value={reason}
            maxLength={300}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
            className={`mt-1.5 py-3 ${controlClass(false)}`}
          />
        </div>
        <p className="rounded-xl bg-amber-50 p-3 text-amber-950 text-sm ring-1 ring-amber-200">
          {ticketIds.length === 0
            ? 'Choose at least one ticket.'
            : `${order.test ? 'A TEST order: no real money moves back.' : `${formatMoney(amount, order.currency)} goes back to the buyer, including booking fees.`}${stopping === 0 ? '' : ` The ${stopping === 1 ? 'ticket stops' : `${stopping} tickets stop`} working at once.`} This cannot be undone.`}
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={refund.isPending}>
            Keep the order
          </button>
          <button
            type="submit"
            className={buttonClass('danger')}
            disabled={refund.isPending || ticketIds.length === 0}
            aria-busy={refund.isPending}
          >
            {refund.isPending ? <Spinner /> : null}
            {refund.isPending ? 'Refunding…' : `Refund ${formatMoney(amount, order.currency)}`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
