/** An answer as pages show it: the question as it was asked, and the answer in words. */
export interface ShownAnswer {
  questionId: string;
  position: number | null;
  label: string;
  text: string;
}

/** Questions and their answers, one under the other; nothing when there are none. */
export function AnswerList({ answers, className = '' }: { answers: readonly ShownAnswer[]; className?: string }) {
  if (answers.length === 0) return null;
  return (
    <dl className={`space-y-2 ${className}`}>
      {answers.map((answer) => (
        <div key={`${answer.questionId}@${answer.position ?? 'order'}`} className="min-w-0">
          <dt className="break-words text-slate-600 text-sm">{answer.label}</dt>
          <dd className="whitespace-pre-line break-words font-medium text-slate-900">{answer.text}</dd>
        </div>
      ))}
    </dl>
  );
}
