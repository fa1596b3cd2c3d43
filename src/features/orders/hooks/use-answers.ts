import { useCallback, useState } from 'react';
import {
  type AnswerInput,
  type AnswerSlot,
  type AnswerValue,
  answerKey,
  checkAnswer,
  type OrderAnswer,
} from '#contract/questions.ts';

export type AnswerValues = Record<string, AnswerValue | null>;
export type AnswerErrors = Partial<Record<string, string>>;

/** A slot's key in the form: its question and, for a ticket's, the ticket's position. */
export const slotKey = (slot: Pick<AnswerSlot, 'position'> & { question: { id: string } }) =>
  answerKey(slot.question.id, slot.position);

/** The answers an order holds, as the form's values. */
export const valuesFromAnswers = (answers: readonly OrderAnswer[]): AnswerValues =>
  Object.fromEntries(answers.map((answer) => [answerKey(answer.questionId, answer.position), answer.value]));

/**
 * The answers a buyer types, kept by slot: they stay as the questions load again, the hold counts down or the tickets
 * change (a slot that goes keeps its answer should it come back). After the first check, a field is checked again as
 * the buyer leaves it.
 */
export function useAnswers(initial: AnswerValues = {}) {
  const [values, setValues] = useState<AnswerValues>(initial);
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [checked, setChecked] = useState(false);

  const change = useCallback((key: string, value: AnswerValue | null) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }, []);

  /** On leaving a field: its message, once the buyer has tried to send the form. */
  const blur = (slot: AnswerSlot) => {
    if (!checked) return;
    const result = checkAnswer(slot.question, values[slotKey(slot)]);
    setErrors((current) => ({ ...current, [slotKey(slot)]: 'error' in result ? result.error : undefined }));
  };

  /** Every slot checked: the answers to send (blank optional ones left out), or null once the messages are shown. */
  const check = (slots: readonly AnswerSlot[]): AnswerInput[] | null => {
    setChecked(true);
    const found: AnswerErrors = {};
    const answers: AnswerInput[] = [];
    for (const slot of slots) {
      const result = checkAnswer(slot.question, values[slotKey(slot)]);
      if ('error' in result) found[slotKey(slot)] = result.error;
      else if (result.value !== null)
        answers.push({ questionId: slot.question.id, position: slot.position, value: result.value });
    }
    setErrors(found);
    return Object.keys(found).length > 0 ? null : answers;
  };

  return { values, errors, setErrors, change, blur, check };
}
