import { type FormEvent, useRef, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { useFocusFirstInvalid } from '#components/fields/use-focus-first-invalid.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import type { Order } from '#contract/orders.ts';
import { type AnswerInput, type AnswerSlot, answerKey, answerSlots, type CheckoutQuestion } from '#contract/questions.ts';
import { toast } from '#lib/toasts.tsx';
import { useCheckoutQuestions } from '../../api/get-checkout-questions.ts';
import { useSaveOrderAnswers } from '../../api/save-order-answers.ts';
import { slotKey, useAnswers, valuesFromAnswers } from '../../hooks/use-answers.ts';
import { answerRefusals, ticketSlots } from '../../utils/checkout-refusals.ts';
import { OrderQuestions } from './answer-fields.tsx';
import { TicketFields } from './ticket-fields.tsx';

interface EditAnswersFormProps {
  order: Order;
  token: string | null;
  onDone(): void;
}

/**
 * What a correction may change: the questions the order answered (the server checks a correction against the questions
 * as they were asked, so one added since is not offered), each required only where it was answered; answers to
 * questions no longer asked (archived) are sent back as they are, so the correction keeps them.
 */
export function correctionSlots(questions: readonly CheckoutQuestion[], order: Order) {
  const given = order.answers ?? [];
  const answered = new Set(given.map((answer) => answer.questionId));
  const lines = order.items.map((item) => ({ ticketTypeId: item.ticketTypeId, quantity: item.quantity }));
  const slots: AnswerSlot[] = answerSlots(
    questions.filter((question) => answered.has(question.id)),
    lines,
  ).map((slot) => {
    const wasAnswered = given.some((answer) => answerKey(answer.questionId, answer.position) === slotKey(slot));
    return { ...slot, question: { ...slot.question, required: slot.question.required && wasAnswered } };
  });
  const shown = new Set(slots.map(slotKey));
  const kept: AnswerInput[] = given
    .filter((answer) => !shown.has(answerKey(answer.questionId, answer.position)))
    .map((answer) => ({ questionId: answer.questionId, position: answer.position, value: answer.value }));
  return { slots, kept };
}

/** The order's answers in the fields they were given in, sent again as a whole. */
export function EditAnswersForm({ order, token, onDone }: EditAnswersFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const questions = useCheckoutQuestions(order.event.id);
  const answers = useAnswers(valuesFromAnswers(order.answers ?? []));
  const save = useSaveOrderAnswers(order.id, token);
  const [refusal, setRefusal] = useState<string | null>(null);
  const lines = order.items.map((item) => ({ ticketTypeId: item.ticketTypeId, name: item.name, quantity: item.quantity }));
  const { slots, kept } = correctionSlots(questions.data?.questions ?? [], order);

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    setRefusal(null);
    const given = answers.check(slots);
    if (given === null) return focusFirstInvalid();
    save.mutate([...given, ...kept], {
      onSuccess: () => {
        toast.success('Your answers are saved.');
        onDone();
      },
      onError: (error) => {
        const refused = answerRefusals(error);
        const shown = new Set(slots.map(slotKey));
        answers.setErrors(refused);
        if (!Object.keys(refused).every((key) => shown.has(key)) || Object.keys(refused).length === 0) {
          setRefusal(serverMessage(error));
        }
        focusFirstInvalid();
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label="Edit your answers">
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      {questions.isPending ? <p className="text-slate-600">Loading the questions…</p> : null}
      <OrderQuestions
        slots={slots.filter((slot) => slot.position === null)}
        values={answers.values}
        errors={answers.errors}
        onChange={answers.change}
        onLeave={answers.blur}
      />
      <TicketFields
        tickets={ticketSlots(lines)}
        slots={slots}
        values={answers.values}
        errors={answers.errors}
        onChange={answers.change}
        onLeave={answers.blur}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          className={`${buttonClass('secondary')} w-full sm:w-auto`}
          onClick={onDone}
          disabled={save.isPending}
        >
          Cancel
        </button>
        <div className="sm:w-auto">
          <SubmitButton busy={save.isPending || questions.isPending} busyLabel="Saving…" inline>
            Save answers
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
