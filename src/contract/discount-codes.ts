import { z } from 'zod';

// Discount and access codes (decision 060): an organiser's codes for one event, what a buyer learns of a code they
// typed, and the prices a code gives. The pricing functions are the same on both sides: the buyer sees the discount
// before paying, and the server charges what they saw.

/** percent: a share off each ticket; amount: money off each ticket or the order; price: each ticket at a fixed price. */
export const discountKinds = ['percent', 'amount', 'price'] as const;
export const discountKindSchema = z.enum(discountKinds);
export type DiscountKind = z.infer<typeof discountKindSchema>;

/** Codes a buyer types are compared without case, spaces or dashes at the ends: "spring-10 " is SPRING-10. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

export const codeTextSchema = z
  .string()
  .trim()
  .min(3, 'A code has at least 3 characters.')
  .max(40, 'A code has at most 40 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Use letters, digits, dashes and underscores only, e.g. SPRING-10.')
  .transform(normaliseCode);

const optionalCount = (field: string) =>
  z
    .number()
    .int(`${field} is a whole number.`)
    .min(1, `${field} is at least 1; leave it blank for no limit.`)
    .max(1_000_000)
    .nullable()
    .default(null);

const discountFields = {
  kind: discountKindSchema.nullable().default('percent'),
  /** percent: 1–100; amount and price: minor units of the ticket types' currency. Null with kind null: no discount. */
  value: z.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').nullable().default(null),
  /** An amount off each ticket, or once off the order (spread over its tickets, see discountedLines). */
  perOrder: z.boolean().default(false),
  /** The ticket types it applies to; empty: every ticket type on sale. */
  ticketTypeIds: z.array(z.uuid()).max(100).default([]),
  /** Hidden ticket types the code shows and sells to whoever has it (an access code). */
  unlocksTicketTypeIds: z.array(z.uuid()).max(100).default([]),
  maxUses: optionalCount('Total uses'),
  maxUsesPerBuyer: optionalCount('Uses per buyer'),
  minQuantity: optionalCount('Minimum tickets'),
  startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  note: z.string().trim().max(200).default(''),
};

export const discountCodeRules = z.object(discountFields);
export type DiscountCodeRules = z.infer<typeof discountCodeRules>;

/** The problems of a code's settings, each with the field it names (shared by the form and the server). */
export function discountCodeProblems(input: DiscountCodeRules): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (input.kind === null && input.unlocksTicketTypeIds.length === 0) {
    problems.push({ path: 'kind', message: 'Give a discount, or choose hidden tickets the code shows, or both.' });
  }
  if (input.kind !== null && input.value === null) problems.push({ path: 'value', message: 'Enter the discount.' });
  if (input.kind === 'percent' && input.value !== null && (input.value < 1 || input.value > 100)) {
    problems.push({ path: 'value', message: 'A percentage is between 1 and 100.' });
  }
  if (input.kind === 'amount' && input.value === 0) problems.push({ path: 'value', message: 'An amount off is more than 0.' });
  if (input.perOrder && input.kind !== 'amount') {
    problems.push({ path: 'perOrder', message: 'Only an amount off can be taken once per order.' });
  }
  if (input.startsAt && input.endsAt && new Date(input.endsAt) <= new Date(input.startsAt)) {
    problems.push({ path: 'endsAt', message: 'The end must be after the start.' });
  }
  if (input.maxUses !== null && input.maxUsesPerBuyer !== null && input.maxUsesPerBuyer > input.maxUses) {
    problems.push({ path: 'maxUsesPerBuyer', message: 'Uses per buyer cannot be more than the total uses.' });
  }
  return problems;
}

export const createDiscountCodeSchema = z.object({ code: codeTextSchema, ...discountFields });
export type CreateDiscountCode = z.infer<typeof createDiscountCodeSchema>;

/** Many codes at once, each a prefix and random characters, with the same settings (e.g. 500 for a partner). */
export const generateDiscountCodesSchema = z.object({
  prefix: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9_-]*$/, 'Use letters, digits, dashes and underscores only.')
    .transform(normaliseCode)
    .default(''),
  count: z.number().int().min(1, 'Make at least 1 code.').max(2000, 'Make at most 2,000 codes at once.'),
  ...discountFields,
});
export type GenerateDiscountCodes = z.infer<typeof generateDiscountCodesSchema>;

/** A code's settings replaced whole (its text never changes: buyers may have it already), or the code archived. */
export const updateDiscountCodeSchema = z.object({ ...discountFields, archived: z.boolean().default(false) });
export type UpdateDiscountCode = z.infer<typeof updateDiscountCodeSchema>;

export const discountCodeSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  code: z.string(),
  kind: discountKindSchema.nullable(),
  value: z.number().int().nullable(),
  perOrder: z.boolean(),
  ticketTypeIds: z.array(z.uuid()),
  unlocksTicketTypeIds: z.array(z.uuid()),
  maxUses: z.number().int().nullable(),
  maxUsesPerBuyer: z.number().int().nullable(),
  minQuantity: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  note: z.string(),
  /** Orders placed with it that hold or held tickets (a lapsed or cancelled hold gives its use back). */
  uses: z.number().int(),
  /** Paid orders with it, what they paid for tickets and what the code took off, in the event's currency. */
  paidOrders: z.number().int(),
  revenue: z.number().int(),
  discounted: z.number().int(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const discountCodeListSchema = z.object({
  items: z.array(discountCodeSchema),
  total: z.number().int(),
});
export type DiscountCodeList = z.infer<typeof discountCodeListSchema>;

export const discountCodeParamsSchema = z.object({
  eventId: z.uuid('Not a valid event id.'),
  codeId: z.uuid('Not a valid code.'),
});
export const discountCodeListQuerySchema = z.object({
  search: z.string().trim().max(40).optional(),
  archived: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** What a buyer learns of a code they typed for an event: what it takes off, and which ticket types it concerns. */
export const appliedCodeSchema = z.object({
  code: z.string(),
  kind: discountKindSchema.nullable(),
  value: z.number().int().nullable(),
  perOrder: z.boolean(),
  ticketTypeIds: z.array(z.uuid()),
  minQuantity: z.number().int().nullable(),
  /** The hidden ticket types it shows, in full, so the buyer can choose them. */
  unlocked: z.array(z.object({ id: z.uuid() }).passthrough()),
  /** A sentence saying what the code does, e.g. "10% off Standard tickets". */
  summary: z.string(),
});
export type AppliedCode = z.infer<typeof appliedCodeSchema>;
export const codeQuerySchema = z.object({
  code: z.string().trim().min(1, 'Enter a code.').max(40, 'That is not a code of this event.'),
});

/** What a code needs to price a line: the parts of AppliedCode the arithmetic reads. */
export type PricingCode = Pick<AppliedCode, 'kind' | 'value' | 'perOrder' | 'ticketTypeIds' | 'minQuantity'>;

export interface CodeLine {
  ticketTypeId: string;
  unitPrice: number;
  quantity: number;
}

/** Whether the code takes something off this ticket type. */
export const codeAppliesTo = (code: PricingCode, ticketTypeId: string) =>
  code.kind !== null && (code.ticketTypeIds.length === 0 || code.ticketTypeIds.includes(ticketTypeId));

/**
 * Each line's unit price with the code: a percentage off (rounded to the minor unit), an amount off, or a fixed price,
 * never below 0 or above the ticket's own price. An amount per order is spread evenly over the tickets it applies to,
 * rounded down to the minor unit, so a line keeps one unit price and a refund of one ticket gives back what it cost.
 */
export function discountedLines<Line extends CodeLine>(code: PricingCode | null, lines: readonly Line[]): Line[] {
  if (!code || code.kind === null || code.value === null) return lines.map((line) => ({ ...line }));
  const eligible = lines.filter((line) => codeAppliesTo(code, line.ticketTypeId)).reduce((sum, line) => sum + line.quantity, 0);
  if (code.minQuantity !== null && eligible < code.minQuantity) return lines.map((line) => ({ ...line }));
  const value = code.value;
  return lines.map((line) => {
    if (!codeAppliesTo(code, line.ticketTypeId)) return { ...line };
    const price = line.unitPrice;
    let unitPrice = price;
    if (code.kind === 'percent') unitPrice = price - Math.round((price * value) / 100);
    else if (code.kind === 'price') unitPrice = Math.min(price, value);
    else unitPrice = price - (code.perOrder ? Math.floor(value / Math.max(eligible, 1)) : value);
    return { ...line, unitPrice: Math.max(0, Math.min(price, unitPrice)) };
  });
}

/** What the code takes off the lines in all, in minor units. */
export const discountOf = (before: readonly CodeLine[], after: readonly CodeLine[]) =>
  before.reduce((sum, line, index) => sum + (line.unitPrice - (after[index]?.unitPrice ?? line.unitPrice)) * line.quantity, 0);

/** The sentence a buyer reads for a code that cannot be used, by the reason the server gives. */
export const codeRefusals = {
  unknown: 'That is not a code for this event. Check its spelling.',
  not_yet: 'That code cannot be used yet.',
  ended: 'That code has expired.',
  used_up: 'That code has been used as many times as it can be.',
  buyer_used_up: 'You have used that code as many times as one buyer can.',
  not_applicable: 'That code is not for the tickets you chose.',
  min_quantity: 'That code needs more tickets in the order.',
} as const;
export type CodeRefusal = keyof typeof codeRefusals;
