import { buttonClass } from '#components/button.ts';
import { TextField } from '#components/fields/text-field.tsx';
import type { PathErrors } from '../../utils/field-errors.ts';
import { type OptionLine, optionLine } from '../../utils/question-form.ts';

interface OptionsEditorProps {
  options: readonly OptionLine[];
  errors: PathErrors;
  onChange(options: OptionLine[], field: string): void;
}

const moved = (options: readonly OptionLine[], from: number, to: number) => {
  const next = [...options];
  const [line] = next.splice(from, 1);
  if (line) next.splice(to, 0, line);
  return next;
};

/** The choices of a one-choice or several-choices question: a line each, added, removed and moved in the order shown. */
export function OptionsEditor({ options, errors, onChange }: OptionsEditorProps) {
  const groupError = errors.options;
  return (
    <fieldset className="min-w-0" aria-describedby={groupError ? 'options-error' : 'options-hint'}>
      <legend className="font-medium text-slate-800">Options</legend>
      <p id="options-hint" className="mt-1 text-slate-600 text-sm">
        Buyers see them in this order. At least two.
      </p>
      <ol className="mt-3 space-y-3">
        {options.map((line, index) => {
          const label = `Option ${index + 1}`;
          return (
            <li key={line.key} className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <TextField
                  id={`question-option-${index}`}
                  label={label}
                  value={line.text}
                  maxLength={100}
                  autoComplete="off"
                  error={errors[`options.${index}`]}
                  onChange={(event) =>
                    onChange(
                      options.map((one) => (one.key === line.key ? { ...one, text: event.target.value } : one)),
                      `options.${index}`,
                    )
                  }
                />
              </div>
              <div className="flex gap-2 sm:mt-8">
                <button
                  type="button"
                  className={buttonClass('secondary', 'small')}
                  disabled={index === 0}
                  onClick={() => onChange(moved(options, index, index - 1), 'options')}
                >
                  <span aria-hidden="true">↑</span>
                  <span className="sr-only">Move {label.toLowerCase()} up</span>
                </button>
                <button
                  type="button"
                  className={buttonClass('secondary', 'small')}
                  disabled={index === options.length - 1}
                  onClick={() => onChange(moved(options, index, index + 1), 'options')}
                >
                  <span aria-hidden="true">↓</span>
                  <span className="sr-only">Move {label.toLowerCase()} down</span>
                </button>
                <button
                  type="button"
                  className={buttonClass('secondary', 'small')}
                  onClick={() =>
                    onChange(
                      options.filter((one) => one.key !== line.key),
                      'options',
                    )
                  }
                >
                  Remove<span className="sr-only"> {label.toLowerCase()}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {groupError ? (
        <p id="options-error" className="mt-1.5 font-medium text-red-700 text-sm">
          {groupError}
        </p>
      ) : null}
      <button
        type="button"
        className={`${buttonClass('secondary', 'small')} mt-3 w-full sm:w-auto`}
        onClick={() => onChange([...options, optionLine()], 'options')}
      >
        <span aria-hidden="true">+</span> Add an option
      </button>
    </fieldset>
  );
}
