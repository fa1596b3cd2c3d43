import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'size'> {
  label: string;
  /** The field's validation message; marks the input invalid and is read with it. */
  error?: string;
  /** A short help text under the input, read with it. */
  hint?: ReactNode;
  /** A control inside the right end of the input, such as a show-password button. */
  trailing?: ReactNode;
}

/** A labelled 48px input with its hint and error linked by aria-describedby. */
export function TextField({ id: givenId, label, error, hint, trailing, ...input }: TextFieldProps) {
  const generated = useId();
  // Named fields get an id from their name: stable between the server's HTML and hydration whatever the tree
  // around them, and easy to target. A page must not show two fields of the same name.
  const id = givenId ?? (input.name ? `field-${input.name}` : generated);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block h-12 w-full rounded-xl border bg-white px-4 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-indigo-600 disabled:bg-slate-100 ${
            error ? 'border-red-600' : 'border-slate-300'
          } ${trailing ? 'pr-24' : ''}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-slate-600 text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 font-medium text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
