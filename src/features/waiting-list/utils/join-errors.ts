import { errorEnvelope, type FieldErrors, formErrorKey, serverMessage } from '#components/fields/form-errors.ts';

/** The join form's fields, as the contract's paths end: `buyer.name`, `buyer.email`, `quantity`. */
const joinField = /(?:^|\.)(name|email|quantity)$/;

/** The contract's issue paths (`['buyer', 'email']`) as the join form's field names. */
export function joinIssueErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = joinField.exec(issue.path.map(String).join('.'))?.[1] ?? formErrorKey;
    errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * A refused join: each field's message at its field; a refusal of the whole request (not sold out, already on the list,
 * the list closed, too many tries) as the server's sentence above the form.
 */
export function joinServerErrors(error: unknown): FieldErrors {
  const placed = joinIssueErrors(
    (errorEnvelope(error)?.errors ?? []).map((item) => ({ path: item.path.split('.'), message: item.message })),
  );
  const { [formErrorKey]: unplaced, ...fields } = placed;
  return Object.keys(fields).length > 0 && unplaced === undefined ? fields : { ...fields, [formErrorKey]: serverMessage(error) };
}
