import { z } from 'zod';
import { codeInputMessages, discountKinds, normaliseCode } from './discount-pricing.ts';
import { ticketTypeSchema } from './events.ts';

// Discount and access codes (decision 060): an organiser's codes for one event, what a buyer learns of a code they
// typed, and the prices a code gives. The pricing functions are the same on both sides: the buyer sees the discount
// before paying, and the server charges what they saw.

export const discountKindSchema = z.enum(discountKinds);

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
  unlocked: z.array(ticketTypeSchema),
  /** A sentence saying what the code does, e.g. "10% off Standard tickets". */
  summary: z.string(),
});
export type AppliedCode = z.infer<typeof appliedCodeSchema>;
export const codeQuerySchema = z.object({
  code: z.string().trim().min(1, codeInputMessages.empty).max(40, codeInputMessages.tooLong),
});
