import { type ReactNode, useId } from 'react';
import { controlClass } from './control-class.ts';
import { describedBy, FieldMessages } from './field-messages.tsx';

/** What a field's control needs to be labelled, described and marked invalid. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The id the caller gave, if any; otherwise one is made from `name`. */
  id: string | undefined;
  name: string | undefined;
  label: string;
  error: string | undefined;
  hint: ReactNode;
  /** Renders the control with the props that tie it to its label and messages, and the kit's control style. */
  children: (control: ControlProps, className: string) => ReactNode;
}

/** A label, a control and the hint and error under it: the shape every field of the kit shares. */
export function Field({ id: givenId, name, label, error, hint, children }: FieldProps) {
  const generated = useId();
  // Named fields get an id from their name: stable between the server's HTML and hydration whatever the tree
  // around them, and easy to target. A page must not show two fields of the same name.
  const id = givenId ?? (name ? `field-${name}` : generated);
  const ids = describedBy(id, hint, error);
  const control: ControlProps = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.describedBy };
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      {children(control, controlClass(Boolean(error)))}
      <FieldMessages hintId={ids.hintId} errorId={ids.errorId} hint={hint} error={error} />
    </div>
  );
}
