import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { type AnswerSlot, questionLimits } from '#contract/questions.ts';
import { CountryAnswer, ManyChoicesAnswer, OneChoiceAnswer, YesNoAnswer } from './answer-choices.tsx';
import type { AnswerFieldProps } from './answer-props.ts';

/** The id of a slot's control: `answer-<question>-order` or `answer-<question>-<ticket position>`. */
export const answerFieldId = (slot: AnswerSlot) => `answer-${slot.question.id}-${slot.position ?? 'order'}`;

const textInputs = {
  number: { inputMode: 'decimal', type: 'text' },
  date: { inputMode: undefined, type: 'date' },
  email: { inputMode: 'email', type: 'email' },
  phone: { inputMode: 'tel', type: 'tel' },
  short_text: { inputMode: undefined, type: 'text' },
} as const;

/** One answer, in the control its kind takes. */
function AnswerControl(props: AnswerFieldProps) {
  const { id, label, slot, value, error, onChange, onLeave } = props;
  const { kind, help } = slot.question;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  switch (kind) {
    case 'one_choice':
      return <OneChoiceAnswer {...props} />;
    case 'many_choices':
      return <ManyChoicesAnswer {...props} />;
    case 'yes_no':
      return <YesNoAnswer {...props} />;
    case 'country':
      return <CountryAnswer {...props} />;
    case 'long_text':
      return (
        <TextareaField
          id={id}
          name={id}
          label={label}
          hint={help || undefined}
          error={error}
          value={text}
          rows={3}
          maxLength={questionLimits.longText}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onLeave}
        />
      );
    default: {
      const input = textInputs[kind];
      return (
        <TextField
          id={id}
          name={id}
          label={label}
          hint={help || undefined}
          error={error}
          value={text}
          type={input.type}
          inputMode={input.inputMode}
          autoComplete="off"
          maxLength={kind === 'short_text' ? questionLimits.shortText : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onLeave}
        />
      );
    }
  }
}

/** A question's field, labelled "(optional)" when it may be left blank. */
export function AnswerField(props: Omit<AnswerFieldProps, 'id' | 'label'>) {
  const { question } = props.slot;
  const label = question.required || question.kind === 'yes_no' ? question.label : `${question.label} (optional)`;
  return <AnswerControl {...props} id={answerFieldId(props.slot)} label={label} />;
}
