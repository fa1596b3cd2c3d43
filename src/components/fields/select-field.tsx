import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { controlClass } from './control-class.ts';
import { describedBy, FieldMessages } from './field-messages.tsx';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled 48px select; its id comes from its name, like the text fields'. */
export function SelectField({ id: givenId, label, error, hint, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const id = givenId ?? (select.name ? `field-${select.name}` : generated);
  const ids = describedBy(id, hint, error);
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`mt-1.5 h-12 ${controlClass(Boolean(error))}`}
        {...select}
      >
        {children}
      </select>
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}
