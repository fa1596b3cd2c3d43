import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import type { CapacityQuota } from '#contract/capacity-quotas.ts';
import { toast } from '#lib/toasts.tsx';
import { useDeleteCapacityQuota } from '../../api/delete-capacity-quota.ts';

interface DeleteQuotaDialogProps {
  eventId: string;
  /** The places to delete; null: closed. */
  quota: CapacityQuota | null;
  onDeleted(): void;
  onClose(): void;
}

/** Asks before the event's capacity or shared places stop limiting sales. */
export function DeleteQuotaDialog({ eventId, quota, onDeleted, onClose }: DeleteQuotaDialogProps) {
  const remove = useDeleteCapacityQuota(eventId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () => {
    if (!quota) return;
    remove.mutate(quota.id, {
      onSuccess: () => {
        toast.success(`${quota.name} deleted.`);
        onDeleted();
      },
      onError: (error) => setRefusal(serverMessage(error)),
    });
  };
  const busy = remove.isPending;
  return (
    <Dialog
      open={quota !== null}
      labelledBy="delete-quota-title"
      describedBy="delete-quota-body"
      onOpen={() => setRefusal(null)}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="delete-quota-title" className="break-words font-bold text-slate-900 text-xl">
        Delete {quota?.name}?
      </h2>
      <p id="delete-quota-body" className="mt-2 text-slate-700">
        {quota?.allTypes
          ? 'Ticket types then sell up to their own capacities, however many they come to together.'
          : 'Its ticket types then sell up to their own capacities, each apart. Tickets sold stay sold.'}
      </p>
      {refusal ? (
        <div className="mt-4">
          <FormAlert>{refusal}</FormAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
          Keep it
        </button>
        <button type="button" className={buttonClass('danger')} onClick={confirm} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : null}
          {busy ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}
