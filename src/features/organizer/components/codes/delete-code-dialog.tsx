import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
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
  const busy = remove.isPending;
  return (
    <Dialog
      open={code !== null}
      labelledBy="delete-code-title"
      describedBy="delete-code-body"
      onOpen={() => setRefusal(null)}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="delete-code-title" className="break-words font-bold text-slate-900 text-xl">
        Delete the code {code?.code}?
      </h2>
      <p id="delete-code-body" className="mt-2 text-slate-700">
        Buyers who have it will be told it is not a code for this event. A code someone has used can only be archived.
      </p>
      {refusal ? (
        <div className="mt-4">
          <FormAlert>{refusal.message}</FormAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
          Keep it
        </button>
        {refusal?.used && code ? (
          <button type="button" className={buttonClass('primary')} onClick={() => onArchive(code)}>
            Archive it instead
          </button>
        ) : (
          <button type="button" className={buttonClass('danger')} onClick={confirm} disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : null}
            {busy ? 'Deleting…' : 'Delete code'}
          </button>
        )}
      </div>
    </Dialog>
  );
}
