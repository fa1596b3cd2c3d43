import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import type { Event } from '#contract/events.ts';
import { type Question, questionLimits } from '#contract/questions.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { useQuestions } from '../../api/get-questions.ts';
import { useReorderQuestions } from '../../api/reorder-questions.ts';
import { AnswersDeadlineForm } from './answers-deadline-form.tsx';
import { DeleteQuestionDialog } from './delete-question-dialog.tsx';
import { QuestionForm, type QuestionTicketType } from './question-form.tsx';
import { QuestionsTable } from './questions-table.tsx';

type Panel = { kind: 'list' } | { kind: 'form'; question?: Question };

const listRefusals: Record<number, string> = {
  403: 'Only owners and managers of the organisation can see and change the event’s questions.',
  404: 'That event was not found in your organisation.',
};

/** The questions buyers are asked at checkout: the list in order, adding, changing, moving and deleting, and the deadline. */
export function QuestionsSection({ event }: { event: Event }) {
  const questions = useQuestions(event.id);
  const reorder = useReorderQuestions(event.id);
  const [panel, setPanel] = useState<Panel>({ kind: 'list' });
  const [deleting, setDeleting] = useState<Question | null>(null);
  const types: QuestionTicketType[] = event.ticketTypes.map(({ id, name }) => ({ id, name }));
  const items = questions.data?.questions ?? [];
  const forbidden = questions.isError && statusOf(questions.error) === 403;
  const error = questions.isError
    ? (listRefusals[statusOf(questions.error)] ?? 'The questions could not be loaded. Please try again.')
    : null;
  const open = (next: Panel) => {
    setPanel(next);
    if (typeof window !== 'undefined') window.scrollTo({ top: 0 });
  };
  const move = (question: Question, by: -1 | 1) => {
    const ids = items.map((one) => one.id);
    const from = ids.indexOf(question.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    reorder.mutate(ids);
  };

  if (panel.kind === 'form') {
    const close = () => setPanel({ kind: 'list' });
    return (
      <QuestionForm
        key={panel.question?.id ?? 'new'}
        eventId={event.id}
        question={panel.question}
        types={types}
        onDone={close}
        onCancel={close}
      />
    );
  }

  const full = items.length >= questionLimits.questions;
  return (
    <div className="space-y-5">
      {forbidden ? null : (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <button
            type="button"
            className={`${buttonClass('primary')} w-full sm:w-auto`}
            disabled={full || !questions.data}
            onClick={() => open({ kind: 'form' })}
          >
            <span aria-hidden="true">+</span> Add a question
          </button>
          {full ? <p className="text-slate-600 text-sm">An event asks at most {questionLimits.questions} questions.</p> : null}
        </div>
      )}
      <QuestionsTable
        questions={items}
        types={types}
        loading={!questions.data && questions.isPending}
        error={error}
        onRetry={() => void questions.refetch()}
        actions={
          forbidden ? undefined : { onMove: move, onEdit: (question) => open({ kind: 'form', question }), onDelete: setDeleting }
        }
      />
      {questions.data ? (
        <AnswersDeadlineForm eventId={event.id} timeZone={event.timezone} settings={questions.data.settings} />
      ) : null}
      <DeleteQuestionDialog eventId={event.id} question={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
