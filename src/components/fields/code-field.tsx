import { codeLength } from '../../contract/auth-limits.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

type CodeFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength'>;

/** The mailed 6-digit code: the number pad on phones, and the code offered from the message by the keyboard. */
export function CodeField(props: CodeFieldProps) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={codeLength + 4}
      spellCheck={false}
      placeholder="123456"
      {...props}
      onChange={(event) => {
        // Pasted codes often carry spaces or dashes ("123 456").
        event.target.value = event.target.value.replace(/[^\d]/g, '').slice(0, codeLength);
        props.onChange?.(event);
      }}
    />
  );
}
