import { lazy, Suspense, useState } from 'react';
import { AnswerList } from '#components/answer-list.tsx';
import { buttonClass } from '#components/button.ts';
import { formatDateTime } from '#components/format/date-time.ts';
import type { Order } from '#contract/orders.ts';
import { useHydrated } from '#lib/use-hydrated.ts';

// The fields load only for a buyer who corrects their answers.
const EditAnswersForm = lazy(async () => ({ default: (await import('./edit-answers-form.tsx')).EditAnswersForm }));

interface OrderAnswersPanelProps {
  order: Order;
  /** The guest's token, when the buyer is not signed in. */
  token?: string | null;
  /** h4 inside a booking card, h2 on a page of its own order. */
  heading?: 'h2' | 'h4';
}

/** The answers given for the whole order, and while the organiser allows it, a way to correct every answer. */
export function OrderAnswersPanel({ order, token = null, heading: Heading = 'h4' }: OrderAnswersPanelProps) {
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  const answers = order.answers ?? [];
  const until = order.answersEditableUntil ?? null;
  const open = order.status === 'paid' || order.status === 'partially_refunded' || order.status === 'pending';
  const editable = hydrated && open && until !== null && new Date(until).getTime() > Date.now();
  if (answers.length === 0 && !editable) return null;
  const orderAnswers = answers.filter((answer) => answer.position === null);
  return (
    <section aria-labelledby={`answers-${order.id}`} className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <Heading id={`answers-${order.id}`} className="font-semibold text-slate-900">
        Your answers
      </Heading>
      {editing ? (
        <Suspense fallback={<p className="text-slate-600">Loading…</p>}>
          <EditAnswersForm order={order} token={token} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <>
          <AnswerList answers={orderAnswers} />
          {answers.length > orderAnswers.length ? (
            <p className="text-slate-600 text-sm">Each ticket’s answers are under that ticket.</p>
          ) : null}
          {editable && until ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-slate-600 text-sm">
                You can change them until {formatDateTime(until, { timeZone: order.event.timezone })}.
              </p>
              <button
                type="button"
                className={`${buttonClass('secondary', 'small')} w-full sm:w-auto`}
                onClick={() => setEditing(true)}
              >
                Edit answers
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
