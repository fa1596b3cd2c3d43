import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { describedBy, FieldMessages } from '#components/fields/field-messages.tsx';
import { SelectField } from '#components/fields/select-field.tsx';
import { countryCodes } from '#contract/countries.ts';
import { countryName } from '#contract/questions.ts';
import type { AnswerFieldProps } from './answer-props.ts';

/** Up to this many options show as radios; more as a list to choose from. */
const radiosUpTo = 5;

let countries: { code: string; name: string }[] | null = null;
/** Every country by its name, sorted as a buyer looks for it. */
const sortedCountries = () => {
  countries ??= countryCodes
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  return countries;
};

/** One choice: radios, or a list when there are many options. */
export function OneChoiceAnswer({ id, label, slot, value, error, onChange, onLeave }: AnswerFieldProps) {
  const { question } = slot;
  const chosen = typeof value === 'string' ? value : '';
  if (question.options.length > radiosUpTo) {
    return (
      <SelectField
        id={id}
        name={id}
        label={label}
        hint={question.help || undefined}
        error={error}
        value={chosen}
        onChange={(event) => onChange(event.target.value || null)}
        onBlur={onLeave}
      >
        <option value="">Choose…</option>
        {question.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <ChoiceGroup name={id} legend={label} hint={question.help || undefined} error={error}>
      {question.options.map((option) => (
        <Choice
          key={option}
          type="radio"
          name={id}
          label={option}
          checked={chosen === option}
          invalid={Boolean(error)}
          onChange={() => onChange(option)}
        />
      ))}
    </ChoiceGroup>
  );
}

/** Several choices: a box each. */
export function ManyChoicesAnswer({ id, label, slot, value, error, onChange }: AnswerFieldProps) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <ChoiceGroup name={id} legend={label} hint={slot.question.help || undefined} error={error}>
      {slot.question.options.map((option) => (
        <Choice
          key={option}
          type="checkbox"
          name={id}
          label={option}
          checked={chosen.includes(option)}
          invalid={Boolean(error)}
          onChange={(on) => onChange(on ? [...chosen, option] : chosen.filter((one) => one !== option))}
        />
      ))}
    </ChoiceGroup>
  );
}

/** Yes or no: one box to tick, its label the question. */
export function YesNoAnswer({ id, slot, value, error, onChange }: AnswerFieldProps) {
  const help = slot.question.help || undefined;
  const ids = describedBy(id, help, error);
  return (
    <div>
      <Choice
        type="checkbox"
        name={id}
        label={slot.question.label}
        checked={value === true}
        invalid={Boolean(error)}
        describedBy={ids.describedBy}
        onChange={(on) => onChange(on)}
      />
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={help} error={error} />
    </div>
  );
}

/** A country from the list, by its name. */
export function CountryAnswer({ id, label, slot, value, error, onChange, onLeave }: AnswerFieldProps) {
  return (
    <SelectField
      id={id}
      name={id}
      label={label}
      hint={slot.question.help || undefined}
      error={error}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value || null)}
      onBlur={onLeave}
    >
      <option value="">Choose a country…</option>
      {sortedCountries().map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}
