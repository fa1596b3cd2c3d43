import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { Field } from './field.tsx';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line field; its id comes from its name, like the text fields'. */
export function TextareaField({ id, label, error, hint, rows = 4, ...textarea }: TextareaFieldProps) {
  return (
    <Field id={id} name={textarea.name} label={label} error={error} hint={hint}>
      {(control, className) => (
        <textarea {...control} rows={rows} className={`mt-1.5 py-3 leading-relaxed ${className}`} {...textarea} />
      )}
    </Field>
  );
}
