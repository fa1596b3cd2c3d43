import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import type { Question } from '#contract/questions.ts';
import { toast } from '#lib/toasts.tsx';
import { useDeleteQuestion } from '../../api/delete-question.ts';

interface DeleteQuestionDialogProps {
  eventId: string;
  /** The question to delete or archive; null: closed. */
  question: Question | null;
  onClose(): void;
}

/** Asks before a question stops being asked: one with answers is archived, so its answers stay readable. */
export function DeleteQuestionDialog({ eventId, question, onClose }: DeleteQuestionDialogProps) {
  const remove = useDeleteQuestion(eventId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const archive = (question?.answers ?? 0) > 0;
  const verb = archive ? 'Archive' : 'Delete';
  const confirm = () => {
    if (!question) return;
    remove.mutate(question.id, {
      onSuccess: () => {
        toast.success(`“${question.label}” ${archive ? 'archived' : 'deleted'}.`);
        onClose();
      },
      onError: (error) => setRefusal(serverMessage(error)),
    });
  };
  const busy = remove.isPending;
  return (
    <Dialog
      open={question !== null}
      labelledBy="delete-question-title"
      describedBy="delete-question-body"
      onOpen={() => setRefusal(null)}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="delete-question-title" className="break-words font-bold text-slate-900 text-xl">
        {verb} “{question?.label}”?
      </h2>
      <p id="delete-question-body" className="mt-2 text-slate-700">
        {archive
          ? `Buyers are no longer asked it. The answers of ${question?.answers.toLocaleString('en-GB')} ${question?.answers === 1 ? 'order' : 'orders'} stay on those orders.`
          : 'Buyers are no longer asked it. No one has answered it yet.'}
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
          {busy ? `${verb === 'Archive' ? 'Archiving' : 'Deleting'}…` : verb}
        </button>
      </div>
    </Dialog>
  );
}
