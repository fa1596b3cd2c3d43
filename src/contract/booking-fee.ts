import type { BookingFeeRule } from './orders.ts';

/** No rule in force: the platform charges nothing rather than refusing to sell. */
export const noBookingFee: BookingFeeRule = { percentBasisPoints: 0, fixed: 0, capPerTicket: null, minPerTicket: null };

/**
 * The booking fee on one ticket of this price, in the same minor units: the percentage plus the fixed amount, raised
 * to the minimum, then held to the cap. Free tickets pay none.
 */
export function bookingFeePerTicket(rule: BookingFeeRule, price: number): number {
  if (price <= 0) return 0;
  const fee = Math.max(Math.round((price * rule.percentBasisPoints) / 10_000) + rule.fixed, rule.minPerTicket ?? 0);
  return rule.capPerTicket === null ? fee : Math.min(fee, rule.capPerTicket);
}

/** What a rule prices: an organisation's orders (its fee plan) or every organisation's, in one currency or every one. */
export interface FeeRuleScope {
  organizationId: string | null;
  currency: string | null;
}

/**
 * Of the rules in force (the newest of each scope), the one that prices an order of `organizationId` in `currency`:
 * the organisation's own rule for the currency, else its plan for every currency, else the platform's rule for the
 * currency, else the platform's rule for every currency, else none (decision 039). The SQL twin is
 * `feeRuleIdInForce` (the order transaction's check).
 */
export function feeRuleFor<Rule extends FeeRuleScope>(
  inForce: readonly Rule[],
  currency: string,
  organizationId: string | null,
): Rule | null {
  const of = (organization: string | null, scope: string | null) =>
    inForce.find((rule) => rule.organizationId === organization && rule.currency === scope);
  return (
    (organizationId === null ? undefined : (of(organizationId, currency) ?? of(organizationId, null))) ??
    of(null, currency) ??
    of(null, null) ??
    null
  );
}

export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface OrderAmounts {
  subtotal: number;
  bookingFee: number;
  total: number;
}

/** Subtotal, fee and total of an order: what the buyer sees before paying and what the server charges. */
export function orderAmounts(rule: BookingFeeRule, lines: readonly PricedLine[]): OrderAmounts {
  let subtotal = 0;
  let bookingFee = 0;
  for (const line of lines) {
    subtotal += line.unitPrice * line.quantity;
    bookingFee += bookingFeePerTicket(rule, line.unitPrice) * line.quantity;
  }
  return { subtotal, bookingFee, total: subtotal + bookingFee };
}
