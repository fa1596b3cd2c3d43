import { z } from 'zod';

/**
 * Payouts (issue 18). An organisation's money per currency, from the ledger with the same definitions as the
 * payments page (`moneyTotals`): sold is what buyers paid (tickets and booking fees), fees what the platform keeps
 * (net of fee refunds), refunds what went back, and the organiser's net is sold − fees − refunds. Paid out is
 * what payouts sent; pending is the rest of the net, not paid out yet.
 */
export interface LedgerSums {
  /** charge + booking_fee */
  sold: number;
  /** booking_fee + booking_fee_refund */
  fees: number;
  /** −(refund + booking_fee_refund) */
  refunds: number;
  /** −payout */
  paidOut: number;
}

export function balanceOf<T extends LedgerSums>(sums: T): T & { net: number; pending: number } {
  const net = sums.sold - sums.fees - sums.refunds;
  return { ...sums, net, pending: net - sums.paidOut };
}

/** Payouts a page lists. */
export const PAYOUTS_PAGE_SIZE = 20;

/** What a sandbox payout covers: the orders of events that ended at least this long ago. */
export const PAYOUT_DELAY_HOURS = 0;

const money = z.number().int();

export const payoutBalanceSchema = z.object({
  currency: z.string(),
  sold: money,
  fees: money,
  refunds: money,
  net: money,
  paidOut: money,
  pending: money,
});
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>;

export const payoutRowSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  currency: z.string(),
  amount: money,
  orders: z.number().int(),
  status: z.enum(['paid']),
  /** Made by the built-in sandbox: play money, no bank transfer. */
  test: z.boolean(),
  createdAt: z.string(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

export const payoutsQuerySchema = z.object({ after: z.string().max(200).optional() });
export type PayoutsQuery = z.infer<typeof payoutsQuerySchema>;

export const payoutsSchema = z.object({
  /** Who pays out: the built-in sandbox makes payouts here; Stripe pays out to the bank account itself. */
  provider: z.enum(['sandbox', 'stripe']),
  /** Whether the organisation can be paid out now (verified, payouts enabled, not suspended). */
  payoutsEnabled: z.boolean(),
  /** Per currency, never summed across currencies; only the orders of the provider that pays out here. */
  balances: z.array(payoutBalanceSchema),
  items: z.array(payoutRowSchema),
  next: z.string().nullable(),
});
export type Payouts = z.infer<typeof payoutsSchema>;

export const payoutParamsSchema = z.object({ organizationId: z.uuid('Not a valid id.'), payoutId: z.uuid('Not a valid id.') });

export const payoutDetailSchema = payoutRowSchema.extend({
  orderItems: z.array(
    z.object({
      id: z.uuid(),
      reference: z.string(),
      eventTitle: z.string(),
      buyerName: z.string(),
      /** What this order added to the payout: its ticket money less ticket refunds. */
      amount: money,
    }),
  ),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;
