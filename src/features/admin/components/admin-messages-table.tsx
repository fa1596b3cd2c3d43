import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass, linkClass } from '#components/button.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { formatDateTime } from '#components/format/date-time.ts';
import { MailMarkdown } from '#components/markdown/mail-markdown.tsx';
import { deliveryText, isUnfinished, MessageStatusBadge, reachText } from '#components/message-status.tsx';
import type { AdminMessage, AttendeeAudience } from '#contract/attendee-messages.ts';
import { toast } from '#lib/toasts.tsx';
import { useMessageReview } from '../api/messages.ts';
import { ActionProblem } from './action-problem.tsx';
import { Pill } from './list-filters.tsx';

const utc = (at: string) => `${formatDateTime(at, { timeZone: 'UTC' })} UTC`;

/** Whom it goes to, in the words an administrator needs: the event's own names stay with its organiser. */
export function audienceWords(audience: AttendeeAudience): string {
  const types = audience.ticketTypeIds.length;
  const parts = [types === 0 ? 'Everyone with a ticket' : `Holders of ${types} ${types === 1 ? 'ticket type' : 'ticket types'}`];
  if (audience.checkIn === 'checked_in') parts.push('checked in');
  if (audience.checkIn === 'not_checked_in') parts.push('not checked in');
  if (audience.answer) parts.push(audience.answer.given ? 'who answered a question' : 'who left a question unanswered');
  return parts.join(' · ');
}

/** Long messages show their start until the reviewer opens them. */
const isLong = (body: string) => body.length > 280 || body.split('\n').length > 5;

function MessageBody({ message }: { message: AdminMessage }) {
  const [open, setOpen] = useState(false);
  const long = isLong(message.body);
  const id = `message-body-${message.id}`;
  return (
    <span className="block">
      <span id={id} className={`block text-sm ${long && !open ? 'max-h-24 overflow-hidden' : ''}`}>
        <MailMarkdown source={message.body} />
      </span>
      {long ? (
        <button
          type="button"
          className={`${linkClass} min-h-11 text-sm`}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : 'Read all'}
          <span className="sr-only"> of “{message.subject}”</span>
        </button>
      ) : null}
    </span>
  );
}

/** Organisers' messages to attendees with their text, organisation and reach; approve a waiting one, stop any unfinished. */
export function AdminMessagesTable(props: {
  messages: readonly AdminMessage[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  empty: string;
}) {
  const review = useMessageReview();
  const [stopping, setStopping] = useState<AdminMessage | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const approve = (message: AdminMessage) =>
    review
      .mutateAsync({ messageId: message.id, action: 'approve' })
      .then(({ message: said }) => toast.success(said ?? 'Approved: it goes to the attendees.'))
      .catch((failure: unknown) => toast.error(<ActionProblem failure={failure} />));
  const stop = () => {
    if (!stopping) return;
    review
      .mutateAsync({ messageId: stopping.id, action: 'stop' })
      .then(({ message: said }) => {
        toast.success(said ?? 'Stopped: nobody else receives it.');
        setStopping(null);
      })
      .catch((failure: unknown) => setRefusal(serverMessage(failure)));
  };

  const columns: Column<AdminMessage>[] = [
    {
      id: 'organisation',
      header: 'From',
      cell: (message) => (
        <span className="block min-w-0 text-right md:min-w-36 md:text-left">
          <Link to={`/admin/organisers/${message.organizationId}`} className={`${linkClass} break-words font-semibold`}>
            {message.organizationName}
          </Link>
          <span className="mt-1 block">
            {message.organizationVerified ? (
              <Pill tone="bg-emerald-100 text-emerald-900">Verified</Pill>
            ) : (
              <Pill tone="bg-amber-100 text-amber-900">Not verified</Pill>
            )}
          </span>
          <a href={`/event/${message.eventId}`} className="mt-1 block break-words text-indigo-700 text-sm underline">
            {message.eventTitle}
          </a>
        </span>
      ),
    },
    {
      id: 'message',
      header: 'Message',
      cell: (message) => (
        <span className="block min-w-0 text-left md:min-w-64">
          <span className="block break-words font-semibold text-slate-900">{message.subject}</span>
          <MessageBody message={message} />
          {message.authorName ? <span className="block text-slate-600 text-xs">By {message.authorName}</span> : null}
        </span>
      ),
    },
    {
      id: 'audience',
      header: 'Audience',
      cell: (message) => (
        <span className="block text-right md:text-left">
          <span className="block">{audienceWords(message.audience)}</span>
          <span className="block text-slate-600 text-sm">{reachText(message)}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (message) => (
        <span className="block text-right md:text-left">
          <MessageStatusBadge status={message.status} />
          <span className="block text-slate-600 text-sm">Set for {utc(message.sendAt)}</span>
          <span className="block text-slate-600 text-sm">{deliveryText(message.delivery) ?? 'Nothing sent yet'}</span>
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (message) => (
        <span className="flex flex-wrap justify-end gap-2 md:flex-col md:items-stretch">
          {message.status === 'awaiting_approval' ? (
            <button
              type="button"
              className={buttonClass('primary', 'small')}
              disabled={review.isPending}
              onClick={() => void approve(message)}
            >
              Approve<span className="sr-only"> “{message.subject}”</span>
            </button>
          ) : null}
          {isUnfinished(message) ? (
            <button type="button" className={buttonClass('danger', 'small')} onClick={() => setStopping(message)}>
              Stop<span className="sr-only"> “{message.subject}”</span>
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <DataTable
        caption="Messages to attendees, those waiting for approval first"
        captionHidden
        columns={columns}
        rows={props.messages}
        rowKey={(message) => message.id}
        loading={props.loading}
        error={props.error}
        onRetry={props.onRetry}
        empty={props.empty}
      />
      <ConfirmDialog
        open={stopping !== null}
        id="stop-attendee-message"
        title={`Stop “${stopping?.subject ?? ''}”?`}
        body={
          stopping?.status === 'sending'
            ? `Nobody else receives it; those it reached keep it. ${stopping.organizationName} sees it stopped.`
            : `It goes to nobody. ${stopping?.organizationName ?? 'The organiser'} sees it stopped and may write another.`
        }
        refusal={refusal}
        busy={review.isPending}
        confirmLabel="Stop the message"
        busyLabel="Stopping…"
        keepLabel="Let it go on"
        onConfirm={stop}
        onOpen={() => setRefusal(null)}
        onClose={() => setStopping(null)}
      />
    </>
  );
}
