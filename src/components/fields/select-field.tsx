import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field } from './field.tsx';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled 48px select; its id comes from its name, like the text fields'. */
export function SelectField({ id, label, error, hint, children, ...select }: SelectFieldProps) {
  return (
    <Field id={id} name={select.name} label={label} error={error} hint={hint}>
      {(control, className) => (
        <select {...control} className={`mt-1.5 h-12 ${className}`} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
