import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { controlClass } from './control-class.ts';
import { describedBy, FieldMessages } from './field-messages.tsx';

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
  const ids = describedBy(id, hint, error);
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={`h-12 ${controlClass(Boolean(error))} ${trailing ? 'pr-24' : ''}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div> : null}
      </div>
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}
