import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { ShowMore } from '#components/data-table/show-more.tsx';
import { SelectField } from '#components/fields/select-field.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { MailMarkdown } from '#components/markdown/mail-markdown.tsx';
import { deliveryText, isUnfinished, MessageStatusBadge, reachText } from '#components/message-status.tsx';
import type { AttendeeMessage, MessageRecipient, RecipientStatus } from '#contract/attendee-messages.ts';
import { useMessageRecipients } from '../../api/get-message-recipients.ts';
import { type AudienceQuestion, audienceSummary, type Named } from '../../utils/message-form.ts';
import { messageWhen } from './messages-table.tsx';

interface MessageDetailsProps {
  eventId: string;
  message: AttendeeMessage;
  types: readonly Named[];
  questions: readonly AudienceQuestion[];
  timeZone: string;
  onBack(): void;
  /** Absent for members who may not stop it. */
  onStop?(message: AttendeeMessage): void;
}

const recipientStatusNames: Record<RecipientStatus, string> = {
  waiting: 'Waiting',
  sent: 'Sent',
  bounced: 'Bounced',
  failed: 'Failed',
};
const recipientTones: Record<RecipientStatus, string> = {
  waiting: 'text-slate-700',
  sent: 'text-emerald-800',
  bounced: 'text-red-800',
  failed: 'text-red-800',
};

function RecipientsList({ eventId, message, timeZone }: { eventId: string; message: AttendeeMessage; timeZone: string }) {
  const [status, setStatus] = useState<RecipientStatus | ''>('');
  const recipients = useMessageRecipients(eventId, message.id, status);
  const rows = recipients.data?.pages.flatMap((page) => page.items) ?? [];
  const columns: Column<MessageRecipient>[] = [
    {
      id: 'person',
      header: 'Person',
      cell: (person) => (
        <span className="block min-w-0 text-right md:text-left">
          {person.name ? <span className="block break-words font-medium text-slate-900">{person.name}</span> : null}
          <span className="block break-all text-slate-600 text-sm">{person.email}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Mail',
      cell: (person) => (
        <span className="block text-right md:text-left">
          <span className={`font-semibold ${recipientTones[person.status]}`}>{recipientStatusNames[person.status]}</span>
          {person.sentAt ? (
            <span className="block text-slate-600 text-sm">{formatDateTime(person.sentAt, { timeZone })}</span>
          ) : null}
          {person.error ? <span className="block break-words text-slate-600 text-sm">{person.error}</span> : null}
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="recipients-title" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h3 id="recipients-title" className="font-bold text-lg text-slate-900">
          Recipients
        </h3>
        <div className="sm:w-56">
          <SelectField
            label="Show"
            name="recipientStatus"
            value={status}
            onChange={(event) => setStatus(event.target.value as RecipientStatus | '')}
          >
            <option value="">Everyone</option>
            {(Object.keys(recipientStatusNames) as RecipientStatus[]).map((one) => (
              <option key={one} value={one}>
                {recipientStatusNames[one]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <DataTable
        caption={`Recipients of “${message.subject}”`}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(person) => person.email}
        loading={recipients.isPending}
        error={recipients.isError ? 'The recipients could not be loaded.' : null}
        onRetry={() => void recipients.refetch()}
        empty={status ? 'Nobody with this status.' : 'Nobody received it: no ticket matched when it went.'}
      />
      <ShowMore
        hasMore={recipients.hasNextPage}
        loading={recipients.isFetchingNextPage}
        onMore={() => void recipients.fetchNextPage()}
      />
    </section>
  );
}

/** One message as its attendees read it, with whom it reached and how each one's mail went. */
export function MessageDetails({ eventId, message, types, questions, timeZone, onBack, onStop }: MessageDetailsProps) {
  const delivery = deliveryText(message.delivery);
  return (
    <section aria-labelledby="message-details-title" className="space-y-5">
      <button type="button" className={`${buttonClass('secondary', 'small')}`} onClick={onBack}>
        <span aria-hidden="true">←</span> All messages
      </button>
      <div className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h2 id="message-details-title" className="break-words font-bold text-slate-900 text-xl">
              {message.subject}
            </h2>
            <p className="flex flex-wrap items-center gap-2 text-slate-600 text-sm">
              <MessageStatusBadge status={message.status} />
              <span>{messageWhen(message, timeZone)}</span>
            </p>
          </div>
          {onStop && isUnfinished(message) ? (
            <button type="button" className={buttonClass('danger', 'small')} onClick={() => onStop(message)}>
              Stop<span className="sr-only"> “{message.subject}”</span>
            </button>
          ) : null}
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Audience</dt>
            <dd className="break-words font-medium text-slate-900">{audienceSummary(message.audience, types, questions)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Reach</dt>
            <dd className="font-medium text-slate-900">{reachText(message)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Delivery</dt>
            <dd className="font-medium text-slate-900">{delivery ?? '—'}</dd>
          </div>
        </dl>
        <div className="rounded-xl border border-slate-200 border-dashed bg-slate-50 px-4 py-3">
          <MailMarkdown source={message.body} />
        </div>
      </div>
      {message.recipientCount === null ? (
        <p className="text-slate-600">The recipients are known once it starts sending.</p>
      ) : (
        <RecipientsList eventId={eventId} message={message} timeZone={timeZone} />
      )}
    </section>
  );
}
