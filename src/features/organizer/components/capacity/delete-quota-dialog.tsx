import { useState } from 'react';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
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
  return (
    <ConfirmDialog
      open={quota !== null}
      id="delete-quota"
      title={`Delete ${quota?.name}?`}
      body={
        quota?.allTypes
          ? 'Ticket types then sell up to their own capacities, however many they come to together.'
          : 'Its ticket types then sell up to their own capacities, each apart. Tickets sold stay sold.'
      }
      refusal={refusal}
      busy={remove.isPending}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onConfirm={confirm}
      onOpen={() => setRefusal(null)}
      onClose={onClose}
    />
  );
}
