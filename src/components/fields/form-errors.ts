import type { z } from 'zod';
import type { ApiEnvelope } from '../../contract/envelope.ts';
import { isApiClientError, isUnanswered } from '../../lib/api-failure.ts';
import { offlineMessage } from '../../lib/offline-message.ts';

/** One message per field name; `form` holds what belongs to no single field. */
export type FieldErrors = Partial<Record<string, string>>;

export const formErrorKey = 'form';

/** The first message of each field, keyed by the top-level field name. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : formErrorKey;
    errors[key] ??= issue.message;
  }
  return errors;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates form values with the contract's schema, the same one the server applies. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: issuesToFieldErrors(result.error.issues) };
}

/** The API's envelope carried by a failed call, if the server answered. */
export function errorEnvelope(error: unknown): ApiEnvelope | undefined {
  return isApiClientError<ApiEnvelope>(error) ? error.response?.data : undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return isApiClientError(error) ? error.response?.status : undefined;
}

/** The server's field errors (`body.email` → `email`). */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const item of errorEnvelope(error)?.errors ?? []) {
    const key = item.path.replace(/^body\./, '').split('.')[0] || formErrorKey;
    errors[key] ??= item.message;
  }
  return errors;
}

/** What to tell the person about a failed call: the server's message, or that it could not be reached. */
export function serverMessage(error: unknown): string {
  if (isUnanswered(error)) return offlineMessage;
  return errorEnvelope(error)?.message ?? 'Something went wrong. Please try again.';
}

/** The errors without the one for `name`: a field's message goes as soon as the person edits it. */
export function withoutError(errors: FieldErrors, name: string): FieldErrors {
  if (!(name in errors) && !(formErrorKey in errors)) return errors;
  const { [name]: _field, [formErrorKey]: _form, ...rest } = errors;
  return rest;
}

/**
 * A failed call's errors for a form that shows them itself (a silent call): each message at its
 * field, and the server's message above the form when some error has no field here to go to.
 */
export function formErrorsFrom(error: unknown, fields: readonly string[]): FieldErrors {
  const found = serverFieldErrors(error);
  const errors: FieldErrors = {};
  let unplaced = Object.keys(found).length === 0;
  for (const [name, message] of Object.entries(found)) {
    if (fields.includes(name)) errors[name] = message;
    else unplaced = true;
  }
  if (unplaced) errors[formErrorKey] = serverMessage(error);
  return errors;
}

/**
 * `confirmPassword`'s message when it differs from the new password (`values[passwordName]`); none while the new
 * password has a message of its own.
 */
export function confirmationErrors(
  found: FieldErrors,
  passwordName: string,
  values: Readonly<Record<string, string>>,
): FieldErrors {
  return !found[passwordName] && values.confirmPassword !== values[passwordName]
    ? { confirmPassword: 'The passwords don’t match.' }
    : {};
}
