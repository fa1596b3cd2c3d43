import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import type { WaitingEntry } from '#contract/waiting-list.ts';
import { toast } from '#lib/toasts.tsx';
import { useRemoveWaitingEntry } from '../../api/remove-waiting-entry.ts';

interface RemoveEntryDialogProps {
  eventId: string;
  /** The person to take off the list; null: closed. */
  entry: WaitingEntry | null;
  onClose(): void;
}

/** Asks before someone is taken off the list: their place goes, and so do places an offer holds for them. */
export function RemoveEntryDialog({ eventId, entry, onClose }: RemoveEntryDialogProps) {
  const remove = useRemoveWaitingEntry(eventId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = remove.isPending;
  const confirm = () => {
    if (!entry) return;
    remove.mutate(entry.id, {
      onSuccess: () => {
        toast.success(`${entry.name} is off the waiting list.`);
        onClose();
      },
      onError: (error) => setRefusal(serverMessage(error)),
    });
  };
  return (
    <Dialog
      open={entry !== null}
      labelledBy="remove-entry-title"
      describedBy="remove-entry-body"
      onOpen={() => setRefusal(null)}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="remove-entry-title" className="break-words font-bold text-slate-900 text-xl">
        Remove {entry?.name}?
      </h2>
      <p id="remove-entry-body" className="mt-2 text-slate-700">
        {entry?.status === 'offered'
          ? 'They lose the places offered to them, which go to the next person in the queue.'
          : 'They lose their place in the queue for the tickets they asked for.'}
      </p>
      {refusal ? (
        <div className="mt-4">
          <FormAlert>{refusal}</FormAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
          Keep them
        </button>
        <button type="button" className={buttonClass('danger')} onClick={confirm} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : null}
          {busy ? 'Removing…' : 'Remove'}
        </button>
      </div>
    </Dialog>
  );
}
