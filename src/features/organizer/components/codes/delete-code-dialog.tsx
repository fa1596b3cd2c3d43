import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import type { DiscountCode } from '#contract/discount-codes.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { toast } from '#lib/toasts.tsx';
import { useDeleteDiscountCode } from '../../api/delete-discount-code.ts';

interface DeleteCodeDialogProps {
  eventId: string;
  /** The code to delete; null: closed. */
  code: DiscountCode | null;
  onArchive(code: DiscountCode): void;
  onDeleted(): void;
  onClose(): void;
}

/** Asks before deleting a code; one an order was placed with cannot be deleted, and the dialog offers to archive it. */
export function DeleteCodeDialog({ eventId, code, onArchive, onDeleted, onClose }: DeleteCodeDialogProps) {
  const remove = useDeleteDiscountCode(eventId);
  const [refusal, setRefusal] = useState<{ message: string; used: boolean } | null>(null);
  const confirm = () => {
    if (!code) return;
    remove.mutate(code.id, {
      onSuccess: () => {
        toast.success(`Code ${code.code} deleted.`);
        onDeleted();
      },
      onError: (error) => setRefusal({ message: serverMessage(error), used: statusOf(error) === 409 }),
    });
  };
  return (
    <ConfirmDialog
      open={code !== null}
      id="delete-code"
      title={`Delete the code ${code?.code}?`}
      body="Buyers who have it will be told it is not a code for this event. A code someone has used can only be archived."
      refusal={refusal?.message ?? null}
      busy={remove.isPending}
      confirmLabel="Delete code"
      busyLabel="Deleting…"
      instead={
        refusal?.used && code ? (
          <button type="button" className={buttonClass('primary')} onClick={() => onArchive(code)}>
            Archive it instead
          </button>
        ) : undefined
      }
      onConfirm={confirm}
      onOpen={() => setRefusal(null)}
      onClose={onClose}
    />
  );
}
