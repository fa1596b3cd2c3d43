import type { z } from 'zod';
import { errorEnvelope, formErrorKey, serverMessage } from '#components/fields/form-errors.ts';

/** One message per field path (`title`, `venue.city`, `ticketTypes.0.price`); `form` for the whole form. */
export type PathErrors = Partial<Record<string, string>>;

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.') || formErrorKey;

/** The first message at each full path of a zod failure. */
export function issuesToPathErrors(issues: readonly z.core.$ZodIssue[]): PathErrors {
  const errors: PathErrors = {};
  for (const issue of issues) errors[pathKey(issue.path)] ??= issue.message;
  return errors;
}

/** Checks input with a contract schema; the parsed data, or the messages by path. */
export function validateByPath<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: PathErrors } {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: issuesToPathErrors(result.error.issues) };
}

/**
 * A failed call's messages for a form: each server error at its body path (`body.ticketTypes.0.price` →
 * `ticketTypes.0.price`) when `placeable` says the form shows that path, and the server's message above
 * the form for the rest (or when the server gave no field errors at all).
 */
export function serverPathErrors(error: unknown, placeable: (path: string) => boolean): PathErrors {
  const errors: PathErrors = {};
  let unplaced = false;
  for (const item of errorEnvelope(error)?.errors ?? []) {
    const path = item.path.replace(/^body\./, '');
    if (item.path.startsWith('body.') && placeable(path)) errors[path] ??= item.message;
    else unplaced = true;
  }
  if (unplaced || Object.keys(errors).length === 0) errors[formErrorKey] = serverMessage(error);
  return errors;
}

/** The messages without those at `path` and below it (and the form's), as a person edits that field. */
export function withoutPath(errors: PathErrors, path: string): PathErrors {
  const next: PathErrors = {};
  let changed = false;
  for (const [key, message] of Object.entries(errors)) {
    if (key === path || key.startsWith(`${path}.`) || key === formErrorKey) changed = true;
    else next[key] = message;
  }
  return changed ? next : errors;
}
