import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { deliveryText, isUnfinished, MessageStatusBadge, reachText } from '#components/message-status.tsx';
import type { AttendeeMessage } from '#contract/attendee-messages.ts';
import { type AudienceQuestion, audienceSummary, type Named } from '../../utils/message-form.ts';

interface MessagesTableProps {
  messages: readonly AttendeeMessage[];
  types: readonly Named[];
  questions: readonly AudienceQuestion[];
  timeZone: string;
  onOpen(message: AttendeeMessage): void;
  /** Absent for members who may not stop them. */
  onStop?(message: AttendeeMessage): void;
}

/** When the message goes, went or stopped, on the event's clock. */
export function messageWhen(message: AttendeeMessage, timeZone: string): string {
  const at = (iso: string) => formatDateTime(iso, { timeZone });
  switch (message.status) {
    case 'awaiting_approval':
    case 'scheduled':
      return `Set for ${at(message.sendAt)}`;
    case 'sending':
      return `Started ${at(message.sendAt)}`;
    case 'sent':
      return `Sent ${at(message.finishedAt ?? message.sendAt)}`;
    case 'stopped':
      return `Stopped ${at(message.stoppedAt ?? message.sendAt)}`;
  }
}

/** The event's messages, newest first: a table on wide screens, a card each on phones. */
export function MessagesTable(props: MessagesTableProps) {
  const { types, questions, timeZone, onOpen, onStop } = props;
  const columns: Column<AttendeeMessage>[] = [
    {
      id: 'message',
      header: 'Message',
      cell: (message) => (
        <span className="block min-w-0 text-right md:min-w-56 md:text-left">
          <span className="block break-words font-semibold text-slate-900">{message.subject}</span>
          <span className="block break-words text-slate-600 text-sm">{audienceSummary(message.audience, types, questions)}</span>
          {message.authorName ? <span className="block text-slate-600 text-sm">By {message.authorName}</span> : null}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (message) => (
        <span className="block text-right md:text-left">
          <MessageStatusBadge status={message.status} />
          <span className="block text-slate-600 text-sm">{messageWhen(message, timeZone)}</span>
        </span>
      ),
    },
    {
      id: 'reach',
      header: 'Reach',
      cell: (message) => <span className="block text-right md:text-left">{reachText(message)}</span>,
    },
    {
      id: 'delivery',
      header: 'Delivery',
      cell: (message) => <span className="block text-right md:text-left">{deliveryText(message.delivery) ?? '—'}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (message) => (
        <span className="flex flex-wrap justify-end gap-2 md:flex-nowrap">
          <button
            type="button"
            className={`${buttonClass('secondary', 'small')} whitespace-nowrap`}
            onClick={() => onOpen(message)}
          >
            {message.recipientCount === null ? (
              <>
                Read it<span className="sr-only"> “{message.subject}”</span>
              </>
            ) : (
              <>
                Recipients<span className="sr-only"> of “{message.subject}”</span>
              </>
            )}
          </button>
          {onStop && isUnfinished(message) ? (
            <button type="button" className={buttonClass('danger', 'small')} onClick={() => onStop(message)}>
              Stop<span className="sr-only"> “{message.subject}”</span>
            </button>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption="Messages to attendees, newest first"
      captionHidden
      columns={columns}
      rows={props.messages}
      rowKey={(message) => message.id}
      empty="No messages yet: write one to the people holding tickets."
    />
  );
}
