import { useState } from 'react';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { formatCount } from '#contract/count-text.ts';
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
  const answers = question?.answers ?? 0;
  const archive = answers > 0;
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
  return (
    <ConfirmDialog
      open={question !== null}
      id="delete-question"
      title={`${archive ? 'Archive' : 'Delete'} “${question?.label}”?`}
      body={
        archive
          ? `Buyers are no longer asked it. The answers of ${formatCount(answers)} ${answers === 1 ? 'order' : 'orders'} stay on those orders.`
          : 'Buyers are no longer asked it. No one has answered it yet.'
      }
      refusal={refusal}
      busy={remove.isPending}
      confirmLabel={archive ? 'Archive' : 'Delete'}
      busyLabel={archive ? 'Archiving…' : 'Deleting…'}
      onConfirm={confirm}
      onOpen={() => setRefusal(null)}
      onClose={onClose}
    />
  );
}
