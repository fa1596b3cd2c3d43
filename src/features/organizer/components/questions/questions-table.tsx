import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { formatCount } from '#contract/count-text.ts';
import type { Question } from '#contract/questions.ts';
import type { QuestionTicketType } from './question-form.tsx';
import { askedText, kindText } from './question-text.ts';

interface QuestionsTableProps {
  questions: readonly Question[];
  types: readonly QuestionTicketType[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  /** Absent for members who may not change them. */
  actions?: {
    onMove(question: Question, by: -1 | 1): void;
    onEdit(question: Question): void;
    onDelete(question: Question): void;
  };
}

/** The questions in the order buyers see them: a table on wide screens, a card each on phones. */
export function QuestionsTable({ questions, types, loading, error, onRetry, actions }: QuestionsTableProps) {
  const last = questions.length - 1;
  const columns: Column<Question>[] = [
    {
      id: 'question',
      header: 'Question',
      cell: (question) => (
        <span className="block min-w-0 text-right md:min-w-56 md:text-left">
          <span className="block break-words font-semibold text-slate-900">{question.label}</span>
          <span className="block break-words text-slate-600 text-sm">{kindText(question)}</span>
          {question.showAtDoor ? <span className="block text-slate-600 text-sm">Shown at the door</span> : null}
        </span>
      ),
    },
    {
      id: 'asked',
      header: 'Asked',
      cell: (question) => <span className="block break-words text-right md:text-left">{askedText(question, types)}</span>,
    },
    { id: 'answers', header: 'Answered', align: 'end', cell: (question) => formatCount(question.answers) },
  ];
  if (actions) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (question) => {
        const index = questions.indexOf(question);
        return (
          <span className="flex flex-wrap justify-end gap-2 md:flex-nowrap">
            <button
              type="button"
              className={buttonClass('secondary', 'small')}
              disabled={index === 0}
              onClick={() => actions.onMove(question, -1)}
            >
              <span aria-hidden="true">↑</span>
              <span className="sr-only">Move “{question.label}” up</span>
            </button>
            <button
              type="button"
              className={buttonClass('secondary', 'small')}
              disabled={index === last}
              onClick={() => actions.onMove(question, 1)}
            >
              <span aria-hidden="true">↓</span>
              <span className="sr-only">Move “{question.label}” down</span>
            </button>
            <button type="button" className={buttonClass('secondary', 'small')} onClick={() => actions.onEdit(question)}>
              Edit<span className="sr-only"> “{question.label}”</span>
            </button>
            <button type="button" className={buttonClass('secondary', 'small')} onClick={() => actions.onDelete(question)}>
              {question.answers > 0 ? 'Archive' : 'Delete'}
              <span className="sr-only"> “{question.label}”</span>
            </button>
          </span>
        );
      },
    });
  }
  return (
    <DataTable
      caption="Questions, in the order buyers see them"
      captionHidden
      columns={columns}
      rows={questions}
      rowKey={(question) => question.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      empty="No questions yet: buyers give only their name and email."
    />
  );
}
