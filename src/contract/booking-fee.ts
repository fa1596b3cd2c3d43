import type { BookingFeeRule } from './orders.ts';

/** The booking fee on one ticket of this price, in the same minor units. Free tickets pay none. */
export function bookingFeePerTicket(rule: BookingFeeRule, price: number): number {
  if (price <= 0) return 0;
  const fee = Math.round((price * rule.percentBasisPoints) / 10_000) + rule.fixed;
  return rule.capPerTicket === null ? fee : Math.min(fee, rule.capPerTicket);
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
