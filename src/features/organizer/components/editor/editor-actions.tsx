import type { ReactNode } from 'react';
import { buttonClass } from '#components/button.ts';
import { Spinner } from '#components/submit-button.tsx';
import type { EventStatus } from '#contract/events.ts';
import type { EditorAction } from '../../hooks/use-event-actions.ts';

interface ActionButtonProps {
  action: EditorAction;
  busy: EditorAction | null;
  busyLabel: string;
  className: string;
  onClick?: () => void;
  submit?: boolean;
  children: ReactNode;
}

/** A button of the editor: while any action runs all are held; the running one shows a spinner. */
function ActionButton({ action, busy, busyLabel, className, onClick, submit = false, children }: ActionButtonProps) {
  const running = busy === action;
  return (
    <button
      type={submit ? 'submit' : 'button'}
      onClick={onClick}
      disabled={busy !== null}
      aria-busy={running}
      className={`${className} flex-1 sm:flex-none`}
    >
      {running ? <Spinner /> : null}
      {running ? busyLabel : children}
    </button>
  );
}

interface SaveBarProps {
  status: EventStatus | null;
  dirty: boolean;
  busy: EditorAction | null;
  onPublish(): void;
  onUnpublish(): void;
}

/** Save and publish, kept in reach at the bottom of the screen while the long form scrolls. */
export function SaveBar({ status, dirty, busy, onPublish, onUnpublish }: SaveBarProps) {
  const published = status === 'published';
  return (
    <div className="sticky bottom-0 z-10 -mx-4 border-slate-200 border-t bg-white px-4 py-3 sm:mx-0 sm:rounded-2xl sm:border sm:shadow-lg">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <p className="text-slate-600 text-sm sm:mr-auto" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : status ? 'All changes saved.' : 'Not saved yet.'}
        </p>
        <div className="flex gap-2">
          <ActionButton
            action="save"
            busy={busy}
            busyLabel="Saving…"
            submit
            className={published ? buttonClass('primary') : buttonClass('secondary')}
          >
            {published ? 'Save changes' : 'Save draft'}
          </ActionButton>
          {published ? (
            <ActionButton
              action="unpublish"
              busy={busy}
              busyLabel="Unpublishing…"
              className={buttonClass('secondary')}
              onClick={onUnpublish}
            >
              Unpublish
            </ActionButton>
          ) : (
            <ActionButton
              action="publish"
              busy={busy}
              busyLabel="Publishing…"
              className={buttonClass('primary')}
              onClick={onPublish}
            >
              Publish
            </ActionButton>
          )}
        </div>
      </div>
    </div>
  );
}

interface ManageEventProps {
  status: EventStatus;
  busy: EditorAction | null;
  onDuplicate(): void;
  onCancel(): void;
}

/** Less frequent actions on a saved event: copy it into a new draft, or cancel it. */
export function ManageEvent({ status, busy, onDuplicate, onCancel }: ManageEventProps) {
  return (
    <section aria-labelledby="manage-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="manage-title" className="font-bold text-lg text-slate-900">
        Manage event
      </h2>
      <p className="mt-1 text-slate-600 text-sm">
        Duplicate copies the saved event and its ticket types into a new draft titled “Copy of …”.
        {status === 'cancelled' ? null : ' Cancelling takes the event off sale for good.'}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <ActionButton
          action="duplicate"
          busy={busy}
          busyLabel="Duplicating…"
          className={buttonClass('secondary')}
          onClick={onDuplicate}
        >
          Duplicate
        </ActionButton>
        {status === 'cancelled' ? null : (
          <ActionButton action="cancel" busy={busy} busyLabel="Cancelling…" className={buttonClass('danger')} onClick={onCancel}>
            Cancel event…
          </ActionButton>
        )}
      </div>
    </section>
  );
}
