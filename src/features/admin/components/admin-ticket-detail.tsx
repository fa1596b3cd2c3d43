import { type ReactNode, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { TestBadge } from '#components/test-badge.tsx';
import { ticketStatusLabel, ticketStatusTone } from '#components/ticket-status.ts';
import type { AdminTicket } from '#contract/admin-sales.ts';
import { toast } from '#lib/toasts.tsx';
import { useTicketAction } from '../api/tickets.ts';
import { ActionProblem } from './action-problem.tsx';
import { AuditTable } from './audit-table.tsx';
import { AdminCard, Pill } from './list-filters.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type Checkin = AdminTicket['checkins'][number];
const when = (at: string) => <time dateTime={at}>{formatDateTime(at, { timeZone: 'UTC' })} UTC</time>;

const resultWords: Record<string, string> = {
  valid: 'Admitted',
  already_used: 'Already used',
  invalid: 'Invalid',
  wrong_event: 'Wrong event',
  voided: 'Void',
  unpaid: 'Unpaid',
  test_ticket: 'TEST ticket',
  not_yet_valid: 'Not yet valid',
  expired: 'Expired',
};

const checkinColumns: Column<Checkin>[] = [
  { id: 'at', header: 'Scanned', cell: (scan) => when(scan.scannedAt) },
  {
    id: 'device',
    header: 'Device',
    cell: (scan) => (
      <span>
        <span className="block text-slate-900">{scan.deviceName ?? 'Unnamed device'}</span>
        <span className="block break-all font-mono text-slate-600 text-xs">{scan.deviceId}</span>
      </span>
    ),
  },
  { id: 'by', header: 'By', cell: (scan) => <span className="break-all">{scan.scannedBy ?? '—'}</span> },
  {
    id: 'what',
    header: 'What',
    cell: (scan) =>
      `${scan.kind === 'undo' ? 'Undo' : scan.direction === 'out' ? 'Out' : 'In'}${scan.manual ? ' (by hand)' : ''}`,
  },
  {
    id: 'result',
    header: 'Verdict',
    cell: (scan) =>
      `${resultWords[scan.result] ?? scan.result}${scan.offlineResult && scan.offlineResult !== scan.result ? ` (offline: ${resultWords[scan.offlineResult] ?? scan.offlineResult})` : ''}`,
  },
];

/** A ticket: who holds it, its order, every scan of it from every door device, void and reissue. */
export function AdminTicketDetail({ ticket }: { ticket: AdminTicket }) {
  const [dialog, setDialog] = useState<'void' | 'reissue' | null>(null);
  const [problem, setProblem] = useState<ReactNode>(null);
  const [holderName, setHolderName] = useState(ticket.holderName);
  const [nameError, setNameError] = useState<string | undefined>();
  const action = useTicketAction(ticket.id);
  const valid = ticket.status === 'valid';

  const open = (which: 'void' | 'reissue') => {
    setProblem(null);
    setNameError(undefined);
    setHolderName(ticket.holderName);
    setDialog(which);
  };
  const confirm = (reason: string) => {
    if (dialog === 'reissue' && !holderName.trim()) {
      setNameError('Give the holder’s name.');
      return;
    }
    const done =
      dialog === 'void' ? 'The ticket is void: the door refuses it.' : 'The ticket is reissued and mailed to the buyer.';
    action
      .mutateAsync(dialog === 'void' ? { kind: 'void', reason } : { kind: 'reissue', holderName: holderName.trim(), reason })
      .then(() => {
        toast.success(done);
        setDialog(null);
      })
      .catch((failure: unknown) => setProblem(<ActionProblem failure={failure} />));
  };

  return (
    <div className="space-y-6">
      <AdminCard
        id="ticket-title"
        title={`Ticket of ${ticket.holderName}`}
        actions={
          valid ? (
            <>
              <button type="button" className={buttonClass('secondary', 'small')} onClick={() => open('reissue')}>
                Reissue to…
              </button>
              <button type="button" className={buttonClass('danger', 'small')} onClick={() => open('void')}>
                Void…
              </button>
            </>
          ) : null
        }
      >
        <div className="flex flex-wrap items-center gap-2">
          <Pill tone={ticketStatusTone(ticket)}>{ticketStatusLabel(ticket)}</Pill>
          {ticket.test ? <TestBadge /> : null}
        </div>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-slate-600 text-sm">Event</dt>
            <dd className="font-semibold text-slate-900">{ticket.eventTitle}</dd>
            <dd className="text-slate-600 text-sm">{ticket.typeName}</dd>
          </div>
          <div>
            <dt className="text-slate-600 text-sm">Order</dt>
            <dd>
              <a href={`/admin/orders?order=${ticket.orderId}`} className="font-mono font-semibold text-indigo-700 underline">
                {ticket.reference}
              </a>
            </dd>
            <dd className="break-all text-slate-600 text-sm">{ticket.buyerEmail}</dd>
          </div>
          <div>
            <dt className="text-slate-600 text-sm">Issued</dt>
            <dd className="text-slate-900">{when(ticket.createdAt)}</dd>
          </div>
          {ticket.voidedAt ? (
            <div>
              <dt className="text-slate-600 text-sm">Void since</dt>
              <dd className="text-slate-900">{when(ticket.voidedAt)}</dd>
              {ticket.revokedReason ? <dd className="text-slate-600 text-sm">{ticket.revokedReason}</dd> : null}
            </div>
          ) : null}
        </dl>
      </AdminCard>

      <AdminCard id="ticket-checkins" title="Check-ins across devices">
        <DataTable
          caption="Check-ins"
          captionHidden
          columns={checkinColumns}
          rows={ticket.checkins}
          rowKey={(scan) => scan.id}
          empty="Never scanned."
        />
      </AdminCard>

      <AdminCard id="ticket-audit" title="Administrators’ actions">
        <AuditTable entries={ticket.audit} loading={false} error={null} onRetry={() => undefined} ofOneObject />
      </AdminCard>

      <ReasonDialog
        open={dialog !== null}
        title={dialog === 'void' ? `Void the ticket of ${ticket.holderName}` : `Reissue the ticket of ${ticket.holderName}`}
        description={
          dialog === 'void'
            ? 'The door refuses it at once when online, and offline after each device’s next sync. No money moves: refund the order for that. The reason is recorded.'
            : 'The ticket keeps its code; the door shows the new name after its next sync and the buyer gets the ticket again by mail. The reason is recorded.'
        }
        confirmLabel={dialog === 'void' ? 'Void ticket' : 'Reissue ticket'}
        busy={action.isPending}
        problem={problem}
        onConfirm={confirm}
        onClose={() => setDialog(null)}
      >
        {dialog === 'reissue' ? (
          <TextField
            label="Corrected holder name"
            name="holderName"
            maxLength={120}
            value={holderName}
            onChange={(event) => {
              setHolderName(event.target.value);
              setNameError(undefined);
            }}
            error={nameError}
          />
        ) : null}
      </ReasonDialog>
    </div>
  );
}
