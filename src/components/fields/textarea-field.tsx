import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { controlClass } from './control-class.ts';
import { describedBy, FieldMessages } from './field-messages.tsx';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line field; its id comes from its name, like the text fields'. */
export function TextareaField({ id: givenId, label, error, hint, rows = 4, ...textarea }: TextareaFieldProps) {
  const generated = useId();
  const id = givenId ?? (textarea.name ? `field-${textarea.name}` : generated);
  const ids = describedBy(id, hint, error);
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`mt-1.5 py-3 leading-relaxed ${controlClass(Boolean(error))}`}
        {...textarea}
      />
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}
