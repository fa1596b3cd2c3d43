import {
  type CapacityQuota,
  type CapacityQuotaInput,
  capacityQuotaInputSchema,
  capacityQuotaProblems,
} from '#contract/capacity-quotas.ts';
import { type PathErrors, serverPathErrors, validateByPath } from './field-errors.ts';

// The capacity form (decision 061): the event's capacity over all its ticket types, or places some of them share.

export interface QuotaFormValues {
  name: string;
  /** As typed: "300", "1,200". */
  capacity: string;
  allTypes: boolean;
  ticketTypeIds: string[];
}

/** The fields the form shows, where a message from the server can go (one about `allTypes` goes above the form). */
const fields = ['name', 'capacity', 'ticketTypeIds'] as const;

export const emptyQuotaForm = (allTypes: boolean): QuotaFormValues => ({
  name: allTypes ? 'Venue' : '',
  capacity: '',
  allTypes,
  ticketTypeIds: [],
});

export const quotaToForm = (quota: CapacityQuota): QuotaFormValues => ({
  name: quota.name,
  capacity: String(quota.capacity),
  allTypes: quota.allTypes,
  ticketTypeIds: [...quota.ticketTypeIds],
});

/** A message at its field: `ticketTypeIds.0` is the ticket types' one. */
const byField = (errors: PathErrors): PathErrors => {
  const placed: PathErrors = {};
  for (const [path, message] of Object.entries(errors)) placed[path.split('.')[0] as string] ??= message;
  return placed;
};

/** The form checked as the server will check it: the request's body, or the messages by field. */
export function checkQuotaForm(
  values: QuotaFormValues,
): { ok: true; input: CapacityQuotaInput } | { ok: false; errors: PathErrors } {
  const typed = values.capacity.replace(/[\s,]/g, '');
  if (typed === '') return { ok: false, errors: { capacity: 'Enter the number of places.' } };
  if (!/^-?\d+$/.test(typed)) return { ok: false, errors: { capacity: 'Places are a whole number, e.g. 300.' } };
  const checked = validateByPath(capacityQuotaInputSchema, {
    name: values.name,
    capacity: Number(typed),
    allTypes: values.allTypes,
    ticketTypeIds: values.allTypes ? [] : values.ticketTypeIds,
  });
  if (!checked.ok) return { ok: false, errors: byField(checked.errors) };
  const [problem] = capacityQuotaProblems(checked.data);
  if (problem) return { ok: false, errors: { [problem.path]: problem.message } };
  return { ok: true, input: checked.data };
}

/** A refused save's messages at the form's fields, the rest above the form. */
export function serverQuotaErrors(error: unknown): PathErrors {
  return byField(serverPathErrors(error, (path) => fields.some((field) => path === field || path.startsWith(`${field}.`))));
}
