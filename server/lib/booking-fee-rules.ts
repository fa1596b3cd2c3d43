import type { BookingFeeRule } from '../../src/contract/orders.ts';

// Checkout prices orders with the booking fee rules and the admin console lists them: both read the same row.

/** A booking fee rule in force, with what it prices. */
export type FeeRuleInForce = BookingFeeRule & { id: string; currency: string | null; organizationId: string | null };

/** A `booking_fee_rules` row as the rule it is. */
export function toFeeRule(row: {
  id: string;
  organization_id: string | null;
  currency: string | null;
  percent_basis_points: number;
  fixed: number;
  cap_per_ticket: number | null;
  min_per_ticket: number | null;
}): FeeRuleInForce {
  return {
    id: row.id,
    organizationId: row.organization_id,
    currency: row.currency,
    percentBasisPoints: row.percent_basis_points,
    fixed: row.fixed,
    capPerTicket: row.cap_per_ticket,
    minPerTicket: row.min_per_ticket,
  };
}
