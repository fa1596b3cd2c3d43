import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './field.tsx';

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
export function TextField({ id, label, error, hint, trailing, ...input }: TextFieldProps) {
  return (
    <Field id={id} name={input.name} label={label} error={error} hint={hint}>
      {(control, className) => (
        <div className="relative mt-1.5">
          <input {...control} className={`h-12 ${className} ${trailing ? 'pr-24' : ''}`} {...input} />
          {trailing ? <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div> : null}
        </div>
      )}
    </Field>
  );
}
