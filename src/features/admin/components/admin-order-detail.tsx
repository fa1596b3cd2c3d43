import { type ReactNode, useId, useRef, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { OrderAnswers } from '#components/order-answers.tsx';
import { statusLabels, statusTones } from '#components/order-status.ts';
import { TestBadge } from '#components/test-badge.tsx';
import { ticketStatusLabel, ticketStatusTone } from '#components/ticket-status.ts';
import type { AdminOrder } from '#contract/admin-sales.ts';
import { formatMoney } from '#contract/money.ts';
import { newIdempotencyKey } from '#lib/idempotency-key.ts';
import { toast } from '#lib/toasts.tsx';
import { useAdminRefund, useResendTickets } from '../api/orders.ts';
import { ActionProblem } from './action-problem.tsx';
import { AuditTable } from './audit-table.tsx';
import { AdminCard, Pill } from './list-filters.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type Ticket = AdminOrder['tickets'][number];
type HistoryEntry = AdminOrder['history'][number];
type Mail = AdminOrder['mails'][number];

const when = (at: string) => <time dateTime={at}>{formatDateTime(at, { timeZone: 'UTC' })} UTC</time>;

/** What a refund can still cover: valid tickets, and those voided by an administrator without their money going back. */
const refundableOf = (order: AdminOrder) => order.tickets.filter((ticket) => order.refundableTicketIds.includes(ticket.id));

/**
 * Refund dialog, mounted on each opening: every refundable ticket ticked (the whole order) or some of them, and a
 * reason. One Idempotency-Key per opening, so a double click or a retry refunds once.
 */
function RefundDialog({ order, onClose }: { order: AdminOrder; onClose(): void }) {
  const refundable = refundableOf(order);
  const [chosen, setChosen] = useState<string[]>(() => refundable.map((ticket) => ticket.id));
  const [problem, setProblem] = useState<ReactNode>(null);
  const [messageToBuyer, setMessageToBuyer] = useState('');
  const messageId = useId();
  const key = useRef(newIdempotencyKey());
  const refund = useAdminRefund(order.id);
  const amount = order.tickets
    .filter((ticket) => chosen.includes(ticket.id))
    .reduce((sum, ticket) => {
      const item = order.items.find((line) => line.ticketTypeId === ticket.ticketTypeId);
      return sum + (item ? item.unitPrice + item.unitFee : 0);
    }, 0);
  const whole = chosen.length === refundable.length;
  const admitted = refundable.filter((ticket) => chosen.includes(ticket.id) && ticket.checkedInAt).length;

  const confirm = (reason: string) => {
    if (chosen.length === 0) {
      setProblem('Tick at least one ticket to refund.');
      return;
    }
    setProblem(null);
    refund
      .mutateAsync({
        input: { reason, messageToBuyer: messageToBuyer.trim(), ...(whole ? {} : { ticketIds: chosen }) },
        key: key.current,
      })
      .then(() => {
        toast.success(`Refunded ${formatMoney(amount, order.currency)}. The buyer is told by email.`);
        onClose();
      })
      .catch((failure: unknown) => setProblem(<ActionProblem failure={failure} />));
  };

  return (
    <ReasonDialog
      open
      title={`Refund order ${order.reference}`}
      description="The tickets are voided at once and the money goes back to the buyer’s card; the buyer is told by email that Admit refunded them. The reason is for administrators only: it is recorded in the order’s history and the audit log, never sent to the buyer."
      confirmLabel={`Refund ${formatMoney(amount, order.currency)}`}
      busy={refund.isPending}
      problem={problem}
      onConfirm={confirm}
      onClose={onClose}
    >
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">Tickets to refund</legend>
        {refundable.map((ticket) => (
          <label key={ticket.id} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.includes(ticket.id)}
              onChange={(event) =>
                setChosen((list) => (event.target.checked ? [...list, ticket.id] : list.filter((id) => id !== ticket.id)))
              }
            />
            <span>
              {ticket.typeName} — {ticket.holderName}
              {ticket.status === 'voided' ? <span className="text-slate-600"> (voided, not refunded)</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      {admitted > 0 ? (
        <p role="note" className="rounded-xl bg-amber-50 p-3 text-amber-900 text-sm">
          {admitted === 1
            ? '1 of these tickets has already been checked in at the door.'
            : `${admitted} of these tickets have already been checked in at the door.`}{' '}
          The money goes back all the same.
        </p>
      ) : null}
      <TextareaField
        id={messageId}
        label="Message to the buyer (optional)"
        hint="Included in the buyer’s refund email, as written. Leave it empty to send the email without a message."
        name="messageToBuyer"
        rows={2}
        maxLength={500}
        value={messageToBuyer}
        onChange={(event) => setMessageToBuyer(event.target.value)}
      />
    </ReasonDialog>
  );
}

const ticketColumns: Column<Ticket>[] = [
  {
    id: 'holder',
    header: 'Holder',
    cell: (ticket) => (
      <>
        <span className="font-semibold text-slate-900">{ticket.holderName}</span>
        {ticket.holderEmail ? <span className="block break-all text-slate-700 text-sm">{ticket.holderEmail}</span> : null}
      </>
    ),
  },
  { id: 'type', header: 'Type', cell: (ticket) => ticket.typeName },
  {
    id: 'status',
    header: 'Status',
    cell: (ticket) => <Pill tone={ticketStatusTone(ticket)}>{ticketStatusLabel(ticket)}</Pill>,
  },
  { id: 'checked', header: 'Checked in', cell: (ticket) => (ticket.checkedInAt ? when(ticket.checkedInAt) : 'No') },
  {
    id: 'open',
    header: 'Ticket',
    align: 'end',
    cell: (ticket) => (
      <a className="font-semibold text-indigo-700 underline" href={`/admin/tickets?ticket=${ticket.id}`}>
        Open<span className="sr-only"> the ticket of {ticket.holderName}</span>
      </a>
    ),
  },
];

const historyColumns = (currency: string): Column<HistoryEntry>[] => [
  { id: 'at', header: 'When', cell: (entry) => when(entry.at) },
  { id: 'kind', header: 'What', cell: (entry) => <code className="text-sm">{entry.kind}</code> },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (entry) => (entry.amount === null ? '—' : formatMoney(entry.amount, currency)),
  },
  { id: 'note', header: 'Note', cell: (entry) => <span className="break-words">{entry.note}</span> },
];

/** `kept`: an instance that sends no mail keeps it in the development mailbox, where it is never "sent". */
const mailColumns = (kept: boolean): Column<Mail>[] => [
  { id: 'at', header: 'Queued', cell: (mail) => when(mail.at) },
  { id: 'subject', header: 'Subject', cell: (mail) => <span className="break-words">{mail.subject}</span> },
  {
    id: 'sent',
    header: 'Sent',
    cell: (mail) =>
      mail.sentAt ? (
        when(mail.sentAt)
      ) : kept ? (
        <span className="text-slate-700">In the development mailbox (this instance sends no mail)</span>
      ) : (
        <span className="text-amber-800">{mail.lastError ? `Not yet: ${mail.lastError}` : 'Waiting'}</span>
      ),
  },
];

/** One order as an administrator sees it: figures, tickets, history (payments, refunds), mails sent and the audit trail. */
export function AdminOrderDetail({
  order,
  canRefund,
  canOpenTickets,
  mailKept = false,
}: {
  order: AdminOrder;
  canRefund: boolean;
  /** Whether the caller's groups open the tickets page (tickets.void). */
  canOpenTickets: boolean;
  /** This instance sends no mail: its mail waits in the development mailbox. */
  mailKept?: boolean;
}) {
  const [refunding, setRefunding] = useState(false);
  const resend = useResendTickets(order.id);
  const [resendProblem, setResendProblem] = useState<ReactNode>(null);
  const hasValidTickets = order.tickets.some((ticket) => ticket.status === 'valid' && ticket.code !== null);
  // The server answers none when the order cannot be refunded.
  const refundable = order.refundableTicketIds.length > 0;
  const money = (minor: number) => formatMoney(minor, order.currency);

  return (
    <div className="space-y-6">
      <AdminCard
        id="order-title"
        title={`Order ${order.reference}`}
        actions={
          canRefund && (hasValidTickets || refundable) ? (
            <>
              {hasValidTickets ? (
                <button
                  type="button"
                  className={buttonClass('secondary', 'small')}
                  disabled={resend.isPending}
                  onClick={() => {
                    setResendProblem(null);
                    resend
                      .mutateAsync()
                      .then(() => toast.success(`The tickets are sent again to ${order.buyer.email}.`))
                      .catch((failure: unknown) => setResendProblem(<ActionProblem failure={failure} />));
                  }}
                >
                  Resend tickets
                </button>
              ) : null}
              {refundable ? (
                <button type="button" className={buttonClass('danger', 'small')} onClick={() => setRefunding(true)}>
                  Refund…
                </button>
              ) : null}
            </>
          ) : null
        }
      >
        <div className="flex flex-wrap items-center gap-2">
          <Pill tone={statusTones[order.status]}>{statusLabels[order.status]}</Pill>
          {order.test ? <TestBadge /> : null}
        </div>
        {resendProblem ? (
          <p role="alert" className="text-red-700">
            {resendProblem}
          </p>
        ) : null}
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-slate-600 text-sm">Event</dt>
            <dd className="font-semibold text-slate-900">{order.event.title}</dd>
            <dd className="text-slate-600 text-sm">{order.organisationName}</dd>
          </div>
          <div>
            <dt className="text-slate-600 text-sm">Buyer</dt>
            <dd className="font-semibold text-slate-900">{order.buyer.name}</dd>
            <dd className="break-all text-slate-600 text-sm">{order.buyer.email}</dd>
          </div>
          <div>
            <dt className="text-slate-600 text-sm">Total (booking fee)</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {money(order.total)} ({money(order.bookingFee)})
            </dd>
            {order.discountCode ? (
              <dd className="text-slate-600 text-sm">
                Code {order.discountCode}
                {order.discount > 0 ? `: ${money(order.discount)} off` : ''}
              </dd>
            ) : null}
          </div>
          <div>
            <dt className="text-slate-600 text-sm">Refunded</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{money(order.refunded)}</dd>
            <dd className="text-slate-600 text-sm">Placed {when(order.createdAt)}</dd>
          </div>
        </dl>
      </AdminCard>

      <AdminCard id="order-tickets" title="Tickets">
        <DataTable
          caption="Tickets"
          captionHidden
          columns={canOpenTickets ? ticketColumns : ticketColumns.filter((column) => column.id !== 'open')}
          rows={order.tickets}
          rowKey={(t) => t.id}
          empty="No tickets issued."
        />
      </AdminCard>

      {order.answers && order.answers.length > 0 ? (
        <AdminCard id="order-answers" title="Answers">
          <OrderAnswers answers={order.answers} tickets={order.tickets} />
        </AdminCard>
      ) : null}

      <AdminCard id="order-history" title="Payments and history">
        <DataTable
          caption="Payments and history"
          captionHidden
          columns={historyColumns(order.currency)}
          rows={order.history}
          rowKey={(entry) => `${entry.at}-${entry.kind}-${entry.note}`}
          empty="Nothing recorded yet."
        />
      </AdminCard>

      <AdminCard id="order-mails" title="Mails sent">
        <DataTable
          caption="Mails sent"
          captionHidden
          columns={mailColumns(mailKept)}
          rows={order.mails}
          rowKey={(mail) => `${mail.at}-${mail.subject}`}
          empty="No mail about this order."
        />
      </AdminCard>

      <AdminCard id="order-audit" title="Administrators’ actions">
        <AuditTable
          entries={order.audit}
          loading={false}
          error={null}
          onRetry={() => undefined}
          ofOneObject
          currency={order.currency}
        />
      </AdminCard>

      {canRefund && refunding ? <RefundDialog order={order} onClose={() => setRefunding(false)} /> : null}
    </div>
  );
}
