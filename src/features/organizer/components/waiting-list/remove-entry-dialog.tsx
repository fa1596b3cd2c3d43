import { useState } from 'react';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
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
    <ConfirmDialog
      open={entry !== null}
      id="remove-entry"
      title={`Remove ${entry?.name}?`}
      body={
        entry?.status === 'offered'
          ? 'They lose the places offered to them, which go to the next person in the queue.'
          : 'They lose their place in the queue for the tickets they asked for.'
      }
      refusal={refusal}
      busy={remove.isPending}
      confirmLabel="Remove"
      busyLabel="Removing…"
      keepLabel="Keep them"
      onConfirm={confirm}
      onOpen={() => setRefusal(null)}
      onClose={onClose}
    />
  );
}
