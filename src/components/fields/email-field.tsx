import { TextField, type TextFieldProps } from './text-field.tsx';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'inputMode'> & { label?: string };

/** A required email address: the email keyboard, no capitals or spell-checking. */
export function EmailField({ label = 'Email', ...props }: EmailFieldProps) {
  return <TextField label={label} type="email" inputMode="email" autoCapitalize="none" spellCheck={false} required {...props} />;
}
