import type { AnswerSlot, AnswerValue } from '#contract/questions.ts';
import { type AnswerErrors, type AnswerValues, slotKey } from '../../hooks/use-answers.ts';
import { AnswerField } from './answer-field.tsx';

export interface AnswerFieldsProps {
  slots: readonly AnswerSlot[];
  values: AnswerValues;
  errors: AnswerErrors;
  onChange(key: string, value: AnswerValue | null): void;
  onLeave(slot: AnswerSlot): void;
}

/** The fields of some answer slots, one under the other. */
export function AnswerFields({ slots, values, errors, onChange, onLeave }: AnswerFieldsProps) {
  return (
    <>
      {slots.map((slot) => {
        const key = slotKey(slot);
        return (
          <AnswerField
            key={key}
            slot={slot}
            value={values[key]}
            error={errors[key]}
            onChange={(value) => onChange(key, value)}
            onLeave={() => onLeave(slot)}
          />
        );
      })}
    </>
  );
}
