import { type ChangeEvent, type SetStateAction, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, focusFirstInvalid, formErrorsFrom, validate, withoutError } from './form-errors.ts';

/** What `field(name)` gives an input: its name, value and message, and a change handler. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A form's text values and its messages (one per field name, `form` for the whole form). `field(name)` binds an input, and
 * editing it clears its message; put `formRef` on the <form>, so that shown messages move focus to the first invalid field.
 */
export function useFormFields<V extends Record<keyof V, string>>(initialValues: V) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearError = (name: string) => setErrors((current) => withoutError(current, name));

  /** Shows the messages and, unless told not to, moves focus to the first field they mark. */
  const showErrors = (next: SetStateAction<FieldErrors>, { focus = true } = {}) => {
    setErrors(next);
    if (focus) focusFirstInvalid(formRef.current);
  };

  const field = (name: keyof V & string): FieldBinding => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      clearError(name);
    },
  });

  /**
   * Checks `input` (the values, unless given) with the contract's schema; `refine` may add what the schema cannot say. The
   * parsed data when all is well, or else undefined once the messages are shown.
   */
  const validateWith = <S extends z.ZodType>(
    schema: S,
    input: unknown = values,
    refine?: (found: FieldErrors) => FieldErrors,
  ): z.output<S> | undefined => {
    const result = validate(schema, input);
    const found = result.ok ? {} : result.errors;
    const more = refine?.(found) ?? {};
    if (result.ok && Object.keys(more).length === 0) return result.data;
    showErrors({ ...found, ...more });
    return undefined;
  };

  /** A failed call's messages: each at its field among `fieldNames` (by default every value's), the rest above the form. */
  const showServerErrors = (error: unknown, fieldNames: readonly string[] = Object.keys(values), options?: { focus?: boolean }) =>
    showErrors(formErrorsFrom(error, fieldNames), options);

  return { formRef, values, setValues, errors, setErrors, field, clearError, showErrors, validateWith, showServerErrors };
}
