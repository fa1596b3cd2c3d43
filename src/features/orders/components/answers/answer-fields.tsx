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

/** The order's questions, in a box of their own after the buyer's details. */
export function OrderQuestions(props: AnswerFieldsProps) {
  if (props.slots.length === 0) return null;
  return (
    <fieldset className="min-w-0 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <legend className="float-left mb-3 w-full font-semibold text-slate-900">About this order</legend>
      <div className="clear-both space-y-4">
        <AnswerFields {...props} />
      </div>
    </fieldset>
  );
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
