import { audienceCountText } from '#components/message-status.tsx';
import { Spinner } from '#components/submit-button.tsx';
import type { AttendeeAudience } from '#contract/attendee-messages.ts';
import { useMessageAudience } from '../../api/count-message-audience.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';

/** How long the audience stays unchanged before it is counted again. */
export const reachDelayMs = 400;

/** The people and tickets the audience reaches now, counted by the server a moment after each change. */
export function AudienceReach({ eventId, audience, sendNow }: { eventId: string; audience: AttendeeAudience; sendNow: boolean }) {
  const settled = useDebouncedValue(audience, reachDelayMs);
  const reach = useMessageAudience(eventId, settled);
  const counting = reach.isFetching || JSON.stringify(settled) !== JSON.stringify(audience);
  let text: string;
  if (reach.data) text = audienceCountText(reach.data.people, reach.data.tickets);
  else if (reach.isError) text = 'The reach could not be counted. It is counted again when you change the audience.';
  else text = 'Counting the people it reaches…';
  const nobody = reach.data?.people === 0;
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
      <p role="status" aria-live="polite" className="flex items-center gap-2 font-semibold text-slate-900">
        {counting ? <Spinner className="size-4 text-slate-500" /> : null}
        <span>{text}</span>
      </p>
      <p className="mt-1 text-slate-600 text-sm">
        {nobody && sendNow
          ? 'Nobody holds a ticket that matches yet, so there is nobody to send it to now. A scheduled message counts again when it goes.'
          : 'Each person receives it once, however many tickets they hold. Tickets sold until it goes count too.'}
      </p>
    </div>
  );
}
