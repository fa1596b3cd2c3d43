import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { Spinner } from '#components/submit-button.tsx';

interface CancelEventDialogProps {
  open: boolean;
  title: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before cancelling: a modal <dialog>, so focus stays inside and Escape closes it. */
export function CancelEventDialog({ open, title, busy, onConfirm, onClose }: CancelEventDialogProps) {
  return (
    <Dialog
      open={open}
      labelledBy="cancel-event-title"
      describedBy="cancel-event-body"
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="cancel-event-title" className="font-bold text-slate-900 text-xl">
        Cancel this event?
      </h2>
      <p id="cancel-event-body" className="mt-2 text-slate-700">
        “{title}” will be marked as cancelled on its page and taken off sale. This cannot be undone.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
          Keep the event
        </button>
        <button type="button" className={buttonClass('danger')} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : null}
          {busy ? 'Cancelling…' : 'Cancel event'}
        </button>
      </div>
    </Dialog>
  );
}
