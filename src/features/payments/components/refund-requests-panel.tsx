import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverFieldErrors, serverMessage } from '#components/fields/form-errors.ts';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { Spinner } from '#components/submit-button.tsx';
import { type OrganiserRefundRequest, refundAskLimits } from '#contract/cancellations.ts';
import { formatMoney } from '#contract/money.ts';
import { useAnswerRefundRequest, useRefundRequests } from '../api/refund-requests.ts';

interface PanelProps {
  organizationId: string;
  /** Owners and finance answer requests; managers read them. */
  canRefund: boolean;
  /** The order's place in the payments page, to open it beside the request. */
  orderHref(orderId: string): string;
}

function DeclineForm({
  request,
  organizationId,
  onDone,
}: {
  request: OrganiserRefundRequest;
  organizationId: string;
  onDone(): void;
}) {
  const answer = useAnswerRefundRequest(organizationId, request.currency);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (!note.trim()) return setError('Tell the buyer why: they receive this note.');
    setError(undefined);
    setRefusal(null);
    answer.mutate(
      { requestId: request.id, decision: { decision: 'decline', note } },
      {
        onSuccess: onDone,
        onError: (failure) => {
          const fields = serverFieldErrors(failure);
          if (fields.note) setError(fields.note);
          else setRefusal(serverMessage(failure));
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label={`Decline the request of ${request.buyerName}`}>
      <TextareaField
        label="Note to the buyer"
        name={`decline-${request.id}`}
        value={note}
        rows={3}
        maxLength={refundAskLimits.reason}
        error={error}
        hint="Sent to them by email, as you write it."
        onChange={(event) => setNote(event.target.value)}
      />
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="submit"
          className={`${buttonClass('danger', 'small')} w-full sm:w-auto`}
          disabled={answer.isPending}
          aria-busy={answer.isPending}
        >
          {answer.isPending ? <Spinner /> : null}
          {answer.isPending ? 'Declining…' : 'Decline the request'}
        </button>
        <button type="button" className={`${buttonClass('secondary', 'small')} w-full sm:w-auto`} onClick={onDone}>
          Back
        </button>
      </div>
    </form>
  );
}

function RequestCard({ request, organizationId, canRefund, orderHref }: PanelProps & { request: OrganiserRefundRequest }) {
  const answer = useAnswerRefundRequest(organizationId, request.currency);
  const [confirming, setConfirming] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const money = formatMoney(request.amount, request.currency);
  const refund = () =>
    answer.mutate(
      { requestId: request.id, decision: { decision: 'refund' } },
      {
        onSuccess: () => setConfirming(false),
        onError: (failure) => setRefusal(serverMessage(failure)),
      },
    );
  return (
    <li className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="break-words font-semibold text-slate-900">{request.eventTitle}</p>
          <p className="break-words text-slate-600 text-sm">
            <Link to={orderHref(request.orderId)} className="font-mono font-semibold text-indigo-700 underline">
              {request.reference}
            </Link>{' '}
            · {request.buyerName} ({request.buyerEmail})
          </p>
        </div>
        <p className="shrink-0 font-semibold text-slate-900 tabular-nums">{money}</p>
      </div>
      <ul className="text-slate-700 text-sm">
        {request.tickets.map((ticket) => (
          <li key={ticket.id}>
            {ticket.typeName} — {ticket.holderName}
          </li>
        ))}
      </ul>
      <blockquote className="whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-slate-800 text-sm ring-1 ring-slate-200">
        {request.reason}
      </blockquote>
      <p className="text-slate-500 text-xs">Asked {formatDateTime(request.createdAt)}</p>
      {!canRefund ? (
        <p className="text-slate-600 text-sm">Owners and finance answer refund requests.</p>
      ) : declining ? (
        <DeclineForm request={request} organizationId={organizationId} onDone={() => setDeclining(false)} />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            className={`${buttonClass('primary', 'small')} w-full sm:w-auto`}
            onClick={() => setConfirming(true)}
          >
            Refund {money}
          </button>
          <button
            type="button"
            className={`${buttonClass('secondary', 'small')} w-full sm:w-auto`}
            onClick={() => setDeclining(true)}
          >
            Decline
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        id={`refund-request-${request.id}`}
        title={`Refund ${money} to ${request.buyerName}?`}
        body={`${request.tickets.length === 1 ? 'The ticket stops' : `The ${request.tickets.length} tickets stop`} working at the door at once, their places go back on sale, and the money goes back to the card that paid.`}
        refusal={refusal}
        busy={answer.isPending}
        confirmLabel={`Refund ${money}`}
        busyLabel="Refunding…"
        keepLabel="Not yet"
        onOpen={() => setRefusal(null)}
        onConfirm={refund}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}

/**
 * Buyers' open refund requests (decision 068), oldest first, above the orders: what they ask, why, and for owners and
 * finance a refund in full or a decline with a note the buyer receives. Nothing shows when there are none.
 */
export function RefundRequestsPanel(props: PanelProps) {
  const requests = useRefundRequests(props.organizationId);
  const items = requests.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="refund-requests-title" className="space-y-3">
      <h2 id="refund-requests-title" className="font-bold text-slate-900 text-xl">
        Refund requests <span className="font-semibold text-slate-500">({items.length})</span>
      </h2>
      <p className="text-slate-600 text-sm">
        Buyers ask when your refund policy does not let them cancel themselves. A refund gives the asked tickets back in full.
      </p>
      <ul className="space-y-3">
        {items.map((request) => (
          <RequestCard key={request.id} request={request} {...props} />
        ))}
      </ul>
    </section>
  );
}
