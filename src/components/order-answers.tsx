import { AnswerList, type ShownAnswer } from './answer-list.tsx';

interface OrderAnswersProps {
  answers: readonly ShownAnswer[];
  /** The order's tickets in order: an answer's position is its ticket's place among them. */
  tickets: readonly { typeName: string; holderName: string }[];
}

/** An order's answers as its organiser and administrators read them: the order's, then each ticket's under its name. */
export function OrderAnswers({ answers, tickets }: OrderAnswersProps) {
  if (answers.length === 0) return <p className="text-slate-600 text-sm">No answers were given with this order.</p>;
  const positions = [...new Set(answers.flatMap((answer) => (answer.position === null ? [] : [answer.position])))].sort(
    (a, b) => a - b,
  );
  const orderAnswers = answers.filter((answer) => answer.position === null);
  return (
    <div className="space-y-3">
      {orderAnswers.length > 0 ? <AnswerList answers={orderAnswers} className="rounded-xl p-3 ring-1 ring-slate-200" /> : null}
      {positions.map((position) => {
        const ticket = tickets[position];
        return (
          <div key={position} className="rounded-xl p-3 ring-1 ring-slate-200">
            <p className="break-words font-semibold text-slate-900">
              Ticket {position + 1}
              {ticket ? ` · ${ticket.typeName} · ${ticket.holderName}` : ''}
            </p>
            <AnswerList answers={answers.filter((answer) => answer.position === position)} className="mt-2" />
          </div>
        );
      })}
    </div>
  );
}
