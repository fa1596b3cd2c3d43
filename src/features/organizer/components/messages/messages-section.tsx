import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { LoadState } from '#components/load-state.tsx';
import type { AttendeeMessage } from '#contract/attendee-messages.ts';
import type { Event } from '#contract/events.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { useEventMessages } from '../../api/get-event-messages.ts';
import { useQuestions } from '../../api/get-questions.ts';
import { allowanceText, MessageComposer } from './message-composer.tsx';
import { MessageDetails } from './message-details.tsx';
import { MessagesTable } from './messages-table.tsx';
import { StopMessageDialog } from './stop-message-dialog.tsx';

const listRefusals: Record<number, string> = {
  403: 'Only owners and managers of the organisation can write to the event’s attendees and see its messages.',
  404: 'That event was not found in your organisation.',
};

/**
 * The event's messages to its attendees, and the composer. What is open lives in the address (`?compose`, `?message=`),
 * so the back button closes it and "Message everyone" can link straight to the composer.
 */
export function MessagesSection({ event }: { event: Event }) {
  const messages = useEventMessages(event.id);
  const questions = useQuestions(event.id);
  const [search, setSearch] = useSearchParams();
  const [stopping, setStopping] = useState<AttendeeMessage | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const types = event.ticketTypes.map(({ id, name }) => ({ id, name }));
  const asked = questions.data?.questions ?? [];
  const composing = search.has('compose');
  const openId = search.get('message');

  const go = (next: Record<string, string>) => {
    setSearch(next);
    if (typeof window !== 'undefined') window.scrollTo({ top: 0 });
  };

  if (!messages.data) {
    const refusal = messages.isError ? listRefusals[statusOf(messages.error)] : undefined;
    return refusal ? (
      <p role="alert" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
        {refusal}
      </p>
    ) : (
      <LoadState what="the messages" failed={messages.isError} onRetry={() => void messages.refetch()} />
    );
  }
  const { allowance, approval, replyTo } = messages.data;
  const dialog = <StopMessageDialog eventId={event.id} message={stopping} onClose={() => setStopping(null)} />;

  if (composing) {
    return (
      <MessageComposer
        event={event}
        questions={asked}
        info={{ allowance, approval, replyTo }}
        onSent={(sentence) => {
          setSaid(sentence);
          go({});
        }}
        onCancel={() => go({})}
      />
    );
  }

  const open = openId ? messages.data.messages.find((message) => message.id === openId) : undefined;
  if (open) {
    return (
      <>
        <MessageDetails
          eventId={event.id}
          message={open}
          types={types}
          questions={asked}
          timeZone={event.timezone}
          onBack={() => go({})}
          onStop={setStopping}
        />
        {dialog}
      </>
    );
  }

  return (
    <div className="space-y-5">
      {said ? <FormAlert tone="success">{said}</FormAlert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <button type="button" className={`${buttonClass('primary')} w-full sm:w-auto`} onClick={() => go({ compose: '' })}>
          Write a message
        </button>
        <p className="text-slate-600 text-sm">{allowanceText(allowance)}</p>
      </div>
      {openId ? <FormAlert tone="info">That message is not among this event’s latest 100.</FormAlert> : null}
      <MessagesTable
        messages={messages.data.messages}
        types={types}
        questions={asked}
        timeZone={event.timezone}
        onOpen={(message) => {
          setSaid(null);
          go({ message: message.id });
        }}
        onStop={setStopping}
      />
      {dialog}
    </div>
  );
}
