import type { z } from 'zod';
import { formErrorKey } from '#components/fields/form-errors.ts';
import {
  type CreateDiscountCode,
  createDiscountCodeSchema,
  type DiscountCode,
  type DiscountCodeRules,
  discountCodeProblems,
  discountCodeRules,
  type GenerateDiscountCodes,
  generateDiscountCodesSchema,
  type UpdateDiscountCode,
  updateDiscountCodeSchema,
} from '#contract/discount-codes.ts';
import type { DiscountKind } from '#contract/discount-pricing.ts';
import { minorUnitDigits } from '#contract/money.ts';
import { type PathErrors, serverPathErrors } from './field-errors.ts';
import { majorTextToMinor, minorToMajorText } from './money-input.ts';
import { isoToZonedLocal, zonedLocalToIso } from './zoned-time.ts';

/**
 * The discount code form (decision 060): its values as typed, and how they become the contract's bodies. Amounts are
 * typed in the event's currency's major units ("5.00") and sent in minor units; dates on the event's clock.
 */

/** One code typed, many made up with a prefix, many read from a CSV file, or one code's settings changed. */
export type CodeFormMode = 'one' | 'many' | 'import' | 'edit';

/** `none`: the code takes nothing off; it only shows hidden tickets (an access code). */
export type CodeFormKind = DiscountKind | 'none';

export interface CodeFormValues {
  code: string;
  prefix: string;
  count: string;
  /** The chosen file's text, and its name to show. */
  csv: string;
  fileName: string;
  kind: CodeFormKind;
  /** A percentage ("10"), or an amount in major units ("5.00"). */
  value: string;
  perOrder: boolean;
  /** true: every ticket type; false: only `ticketTypeIds`. */
  allTypes: boolean;
  ticketTypeIds: string[];
  unlocksTicketTypeIds: string[];
  maxUses: string;
  maxUsesPerBuyer: string;
  minQuantity: string;
  /** `datetime-local` values on the event's clock; blank: no limit. */
  startsAt: string;
  endsAt: string;
  note: string;
}

/** What the form needs to know of the event. */
export interface CodeFormContext {
  currency: string;
  timeZone: string;
}

/** The fields the form shows a message under; any other message goes above the form. */
export const codeFormFields = [
  'code',
  'prefix',
  'count',
  'csv',
  'kind',
  'value',
  'perOrder',
  'ticketTypeIds',
  'unlocksTicketTypeIds',
  'maxUses',
  'maxUsesPerBuyer',
  'minQuantity',
  'startsAt',
  'endsAt',
  'note',
] as const;
export type CodeFormField = (typeof codeFormFields)[number];

const isFormField = (name: string): name is CodeFormField => (codeFormFields as readonly string[]).includes(name);

export const emptyCodeForm: CodeFormValues = {
  code: '',
  prefix: '',
  count: '100',
  csv: '',
  fileName: '',
  kind: 'percent',
  value: '',
  perOrder: false,
  allTypes: true,
  ticketTypeIds: [],
  unlocksTicketTypeIds: [],
  maxUses: '',
  maxUsesPerBuyer: '',
  minQuantity: '',
  startsAt: '',
  endsAt: '',
  note: '',
};

/** A saved code's settings as the form shows them, to change them. */
export function codeToForm(code: DiscountCode, { currency, timeZone }: CodeFormContext): CodeFormValues {
  const count = (value: number | null) => (value === null ? '' : String(value));
  let value = '';
  if (code.value !== null)
    value = code.kind === 'percent' ? String(code.value) : minorToMajorText(code.value, minorUnitDigits(currency));
  return {
    ...emptyCodeForm,
    code: code.code,
    kind: code.kind ?? 'none',
    value,
    perOrder: code.perOrder,
    allTypes: code.ticketTypeIds.length === 0,
    ticketTypeIds: code.ticketTypeIds,
    unlocksTicketTypeIds: code.unlocksTicketTypeIds,
    maxUses: count(code.maxUses),
    maxUsesPerBuyer: count(code.maxUsesPerBuyer),
    minQuantity: count(code.minQuantity),
    startsAt: isoToZonedLocal(code.startsAt, timeZone),
    endsAt: isoToZonedLocal(code.endsAt, timeZone),
    note: code.note,
  };
}

/** The field a message belongs to: `ticketTypeIds.2` → `ticketTypeIds`; the form's for a path the form has no field for. */
export function fieldOfPath(path: string): CodeFormField | typeof formErrorKey {
  const first = path.replace(/^body\./, '').split('.')[0] ?? '';
  return isFormField(first) ? first : formErrorKey;
}

function issuesToCodeErrors(issues: readonly z.core.$ZodIssue[]): PathErrors {
  const errors: PathErrors = {};
  for (const issue of issues) errors[fieldOfPath(issue.path.map(String).join('.'))] ??= issue.message;
  return errors;
}

const wholeNumber = /^\d{1,9}$/;

/**
 * The settings as the contract takes them, from the typed text, with the messages of what cannot be read (an amount
 * "five", a date half typed). What can be read is left to the contract's schema and `discountCodeProblems`.
 */
export function rulesFromForm(values: CodeFormValues, { currency, timeZone }: CodeFormContext) {
  const errors: PathErrors = {};
  const kind = values.kind === 'none' ? null : values.kind;
  let value: number | null = null;
  const typed = values.value.trim();
  if (kind === 'percent' && typed) {
    const percent = typed.replace(/\s*%$/, '');
    if (wholeNumber.test(percent)) value = Number(percent);
    else errors.value = 'Enter a whole percentage, e.g. 10.';
  } else if (kind !== null && typed) {
    value = majorTextToMinor(typed, minorUnitDigits(currency));
    if (value === null) errors.value = `Enter an amount in ${currency}, e.g. 5.00.`;
  }
  const count = (field: 'maxUses' | 'maxUsesPerBuyer' | 'minQuantity') => {
    const text = values[field].trim();
    if (!text) return null;
    if (wholeNumber.test(text)) return Number(text);
    errors[field] = 'Enter a whole number, or leave it blank for no limit.';
    return null;
  };
  const instant = (field: 'startsAt' | 'endsAt') => {
    const local = values[field].trim();
    if (!local) return null;
    const iso = zonedLocalToIso(local, timeZone);
    if (!iso) errors[field] = 'Enter a full date and time, or leave it blank.';
    return iso;
  };
  if (!values.allTypes && values.ticketTypeIds.length === 0) {
    errors.ticketTypeIds = 'Choose at least one ticket type, or choose all ticket types.';
  }
  const rules: DiscountCodeRules = {
    kind,
    value: kind === null ? null : value,
    // Only an amount can be taken once per order; the form offers the choice for amounts alone.
    perOrder: kind === 'amount' && values.perOrder,
    ticketTypeIds: values.allTypes ? [] : values.ticketTypeIds,
    unlocksTicketTypeIds: values.unlocksTicketTypeIds,
    maxUses: count('maxUses'),
    maxUsesPerBuyer: count('maxUsesPerBuyer'),
    minQuantity: count('minQuantity'),
    startsAt: instant('startsAt'),
    endsAt: instant('endsAt'),
    note: values.note,
  };
  return { rules, errors };
}

export type CodeFormBody =
  | { mode: 'one'; body: CreateDiscountCode }
  | { mode: 'many'; body: GenerateDiscountCodes }
  | { mode: 'import'; body: DiscountCodeRules & { csv: string } }
  | { mode: 'edit'; body: UpdateDiscountCode };

export type CodeFormCheck = { ok: true; request: CodeFormBody } | { ok: false; errors: PathErrors };

/** Whether a schema takes the input; its messages by form field when not. */
function parsed<S extends z.ZodType>(schema: S, input: unknown): { data: z.output<S> | null; errors: PathErrors } {
  const result = schema.safeParse(input);
  return result.success ? { data: result.data, errors: {} } : { data: null, errors: issuesToCodeErrors(result.error.issues) };
}

/**
 * The body to send for the form's mode, or the messages to show under its fields: what cannot be read first, then the
 * contract's schema, then the rules between fields (`discountCodeProblems`), as the server will judge them.
 */
export function checkCodeForm(
  mode: CodeFormMode,
  values: CodeFormValues,
  context: CodeFormContext,
  /** A code being changed keeps its archived state. */
  archived = false,
): CodeFormCheck {
  const { rules, errors: unreadable } = rulesFromForm(values, context);
  const settings = parsed(discountCodeRules, rules);
  const between: PathErrors = {};
  if (settings.data)
    for (const problem of discountCodeProblems(settings.data)) between[fieldOfPath(problem.path)] ??= problem.message;

  let request: CodeFormBody | null = null;
  let naming: PathErrors = {};
  if (mode === 'one') {
    const result = parsed(createDiscountCodeSchema, { ...rules, code: values.code });
    naming = result.errors;
    if (result.data) request = { mode, body: result.data };
  } else if (mode === 'many') {
    const count = values.count.trim();
    const result = parsed(generateDiscountCodesSchema, {
      ...rules,
      prefix: values.prefix,
      count: wholeNumber.test(count) ? Number(count) : Number.NaN,
    });
    naming = result.errors;
    if (!wholeNumber.test(count)) naming.count = 'Enter how many codes to make, e.g. 100.';
    if (result.data) request = { mode, body: result.data };
  } else if (mode === 'import') {
    if (!values.csv.trim()) naming.csv = 'Choose a CSV file with one code at the start of each line.';
    else if (settings.data) request = { mode, body: { ...settings.data, csv: values.csv } };
  } else {
    const result = parsed(updateDiscountCodeSchema, { ...rules, archived });
    naming = result.errors;
    if (result.data) request = { mode, body: result.data };
  }

  const errors: PathErrors = { ...between, ...settings.errors, ...naming, ...unreadable };
  if (request && Object.keys(errors).length === 0) return { ok: true, request };
  return { ok: false, errors };
}

/**
 * A refused save's messages for the form: each server error under its field (`body.value` → `value`,
 * `body.ticketTypeIds.0` → `ticketTypeIds`), and the server's sentence above the form for the rest.
 */
export function serverCodeErrors(error: unknown): PathErrors {
  const placed = serverPathErrors(error, (path) => fieldOfPath(path) !== formErrorKey);
  const errors: PathErrors = {};
  for (const [path, message] of Object.entries(placed)) {
    const field = path === formErrorKey ? formErrorKey : fieldOfPath(path);
    errors[field] ??= message;
  }
  return errors;
}

/** A code's own settings unchanged, archived or brought back. */
export function withArchived(code: DiscountCode, archived: boolean): UpdateDiscountCode {
  const {
    kind,
    value,
    perOrder,
    ticketTypeIds,
    unlocksTicketTypeIds,
    maxUses,
    maxUsesPerBuyer,
    minQuantity,
    startsAt,
    endsAt,
    note,
  } = code;
  return {
    kind,
    value,
    perOrder,
    ticketTypeIds,
    unlocksTicketTypeIds,
    maxUses,
    maxUsesPerBuyer,
    minQuantity,
    startsAt,
    endsAt,
    note,
    archived,
  };
}
