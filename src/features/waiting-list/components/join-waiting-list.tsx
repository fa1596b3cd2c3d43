import { lazy, Suspense, useRef, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import type { TicketType } from '#contract/events.ts';
import type { WaitingListJoined } from '#contract/waiting-list.ts';
import { useHydrated } from '#lib/use-hydrated.ts';
import { joinedText } from '../utils/waiting-text.ts';

// The form (schemas, the session, the HTTP client) loads when a buyer asks for it, never with the event page.
const loadForm = () => import('./join-waiting-list-form.tsx');
const JoinWaitingListForm = lazy(async () => ({ default: (await loadForm()).JoinWaitingListForm }));

interface JoinWaitingListProps {
  eventId: string;
  type: Pick<TicketType, 'id' | 'name' | 'minPerOrder' | 'maxPerOrder'>;
}

/**
 * Where a sold-out ticket type's quantity picker would be: "Join the waiting list", which opens a small form right
 * under the type (the page keeps its place), then says where the buyer stands. The row lays it out: the button beside
 * the type, the form and the answer across the whole row.
 */
export function JoinWaitingList({ eventId, type }: JoinWaitingListProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [joined, setJoined] = useState<WaitingListJoined | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const panelId = `waiting-list-${type.id}`;

  if (joined) {
    return (
      <div className="basis-full">
        <FormAlert tone="success">{joinedText(joined)}</FormAlert>
      </div>
    );
  }
  return (
    <>
      {open ? null : (
        <button
          ref={opener}
          type="button"
          disabled={!hydrated}
          onPointerEnter={() => void loadForm()}
          onClick={() => setOpen(true)}
          className={`${buttonClass('secondary', 'small')} shrink-0`}
        >
          Join the waiting list<span className="sr-only"> for {type.name}</span>
        </button>
      )}
      <div id={panelId} className="basis-full empty:hidden">
        {open ? (
          <Suspense
            fallback={
              <p role="status" className="text-slate-600 text-sm">
                Loading…
              </p>
            }
          >
            <JoinWaitingListForm
              eventId={eventId}
              type={type}
              onJoined={setJoined}
              onCancel={() => {
                setOpen(false);
                requestAnimationFrame(() => opener.current?.focus());
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}
