import { type ChangeEvent, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { offlineMessage } from '../../lib/offline-message.ts';
import { type FieldErrors, formErrorKey, formErrorsFrom, validate, withoutError } from './form-errors.ts';
import type { LazySchemas } from './lazy-schemas.ts';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

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
 * `schemas`: the contract module the form checks with, asked for once the page is idle (`checkWith`).
 */
export function useFormFields<V extends Record<keyof V, string>, M = never>(
  initialValues: V,
  { schemas }: { schemas?: LazySchemas<M> } = {},
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const checking = useRef(false);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  useEffect(() => schemas?.preload(), [schemas]);

  const clearError = (name: string) => setErrors((current) => withoutError(current, name));

  /** Shows the messages and, unless told not to, moves focus to the first field they mark. */
  const showErrors = (next: SetStateAction<FieldErrors>, { focus = true } = {}) => {
    setErrors(next);
    if (focus) focusFirstInvalid();
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

  /**
   * Runs `use` with the form's lazily loaded module (`schemas`), waiting for it if it has not come yet. Undefined while
   * an earlier call still waits (a second tap), and when the module cannot be fetched, with the offline message above
   * the form.
   */
  const withSchemas = async <T>(use: (module: M) => T): Promise<T | undefined> => {
    if (!schemas) throw new Error('The form names no schemas to load.');
    if (checking.current) return undefined;
    checking.current = true;
    try {
      const module = await schemas.get().catch(() => null);
      if (!module) {
        showErrors({ [formErrorKey]: offlineMessage }, { focus: false });
        return undefined;
      }
      return use(module);
    } finally {
      checking.current = false;
    }
  };

  /** `validateWith` with a schema of the form's lazily loaded module (`withSchemas`). */
  const checkWith = <S extends z.ZodType>(
    pick: (module: M) => S,
    input: unknown = values,
    refine?: (found: FieldErrors) => FieldErrors,
  ): Promise<z.output<S> | undefined> => withSchemas((module) => validateWith(pick(module), input, refine));

  /** A failed call's messages: each at its field among `fieldNames` (by default every value's), the rest above the form. */
  const showServerErrors = (error: unknown, fieldNames: readonly string[] = Object.keys(values), options?: { focus?: boolean }) =>
    showErrors(formErrorsFrom(error, fieldNames), options);

  return {
    formRef,
    values,
    setValues,
    errors,
    setErrors,
    field,
    clearError,
    showErrors,
    validateWith,
    withSchemas,
    checkWith,
    showServerErrors,
  };
}
