import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { SelectField } from '#components/fields/select-field.tsx';
import type { CheckInFilter } from '#contract/attendee-messages.ts';
import type { PathErrors } from '../../utils/field-errors.ts';
import { type AudienceQuestion, answerValues, hasValues, type MessageFormValues, type Named } from '../../utils/message-form.ts';

interface AudienceFieldsProps {
  values: MessageFormValues;
  types: readonly Named[];
  questions: readonly AudienceQuestion[];
  errors: PathErrors;
  onChange(patch: Partial<MessageFormValues>, field: string): void;
}

const checkInChoices: [CheckInFilter, string][] = [
  ['any', 'Checked in or not'],
  ['checked_in', 'Checked in at the door'],
  ['not_checked_in', 'Not checked in'],
];

const toggled = (ids: readonly string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((one) => one !== id));

/** Whom the message goes to: every ticket type or some, checked in or not, with or without an answer to a question. */
export function AudienceFields({ values, types, questions, errors, onChange }: AudienceFieldsProps) {
  const question = questions.find((one) => one.id === values.questionId);
  const typesError = errors['audience.ticketTypeIds'];
  return (
    <div className="space-y-5">
      <ChoiceGroup name="audience-types" legend="Ticket holders" error={typesError}>
        <Choice
          type="radio"
          name="audience-types"
          label="Everyone with a ticket"
          checked={values.everyType}
          onChange={() => onChange({ everyType: true }, 'audience.ticketTypeIds')}
        />
        <Choice
          type="radio"
          name="audience-types"
          label="Holders of chosen ticket types"
          checked={!values.everyType}
          onChange={() => onChange({ everyType: false }, 'audience.ticketTypeIds')}
        />
        {values.everyType ? null : (
          <fieldset className="min-w-0 border-slate-200 border-l-2 pl-4">
            <legend className="sr-only">Ticket types</legend>
            {types.map((type) => (
              <Choice
                key={type.id}
                type="checkbox"
                name="audience-type"
                label={type.name}
                invalid={Boolean(typesError)}
                checked={values.ticketTypeIds.includes(type.id)}
                onChange={(on) =>
                  onChange({ ticketTypeIds: toggled(values.ticketTypeIds, type.id, on) }, 'audience.ticketTypeIds')
                }
              />
            ))}
          </fieldset>
        )}
      </ChoiceGroup>
      <div className="field-row">
        <SelectField
          label="At the door"
          name="checkIn"
          value={values.checkIn}
          error={errors['audience.checkIn']}
          onChange={(event) => onChange({ checkIn: event.target.value as CheckInFilter }, 'audience.checkIn')}
        >
          {checkInChoices.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Answer to a question"
          name="questionId"
          value={values.questionId}
          error={errors['audience.answer.questionId']}
          disabled={questions.length === 0}
          hint={questions.length === 0 ? 'The event asks no questions at checkout.' : undefined}
          onChange={(event) => onChange({ questionId: event.target.value, given: true, value: '' }, 'audience.answer.questionId')}
        >
          <option value="">Any answers</option>
          {questions.map((one) => (
            <option key={one.id} value={one.id}>
              {one.label}
            </option>
          ))}
        </SelectField>
      </div>
      {question ? (
        <div className="space-y-5 border-slate-200 border-l-2 pl-4">
          <ChoiceGroup name="audience-given" legend={`People who, to “${question.label}”`}>
            <Choice
              type="radio"
              name="audience-given"
              label="Gave an answer"
              checked={values.given}
              onChange={() => onChange({ given: true }, 'audience.answer')}
            />
            <Choice
              type="radio"
              name="audience-given"
              label="Gave no answer"
              checked={!values.given}
              onChange={() => onChange({ given: false, value: '' }, 'audience.answer')}
            />
          </ChoiceGroup>
          {values.given && hasValues(question) ? (
            <div className="max-w-sm">
              <SelectField
                label="With the answer"
                name="answerValue"
                value={values.value}
                error={errors['audience.answer.value']}
                onChange={(event) => onChange({ value: event.target.value }, 'audience.answer.value')}
              >
                <option value="">Any answer</option>
                {answerValues(question).map(([value, words]) => (
                  <option key={value} value={value}>
                    {words}
                  </option>
                ))}
              </SelectField>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
