import { type RawBuilder, sql } from 'kysely';
import { feeRuleFor, noBookingFee } from '../../../src/contract/booking-fee.ts';
import type { BookingFeeRule } from '../../../src/contract/orders.ts';
import type { Executor } from '../../db/database.ts';

/** A booking fee rule in force, with what it prices. */
export type FeeRuleInForce = BookingFeeRule & { id: string; currency: string | null };

/** The rule in force of each scope (each currency with rules of its own, and every currency): a few rows. */
export function feeRulesInForceQuery(db: Executor) {
  return db
    .selectFrom('booking_fee_rules')
    .distinctOn('currency')
    .select(['id', 'currency', 'percent_basis_points', 'fixed', 'cap_per_ticket', 'min_per_ticket'])
    .where('effective_from', '<=', sql<Date>`now()`)
    .orderBy('currency')
    .orderBy('effective_from', 'desc')
    .orderBy('created_at', 'desc');
}

export async function feeRulesInForce(db: Executor): Promise<FeeRuleInForce[]> {
  return (await feeRulesInForceQuery(db).execute()).map(toFeeRule);
}

export function toFeeRule(row: {
  id: string;
  currency: string | null;
  percent_basis_points: number;
  fixed: number;
  cap_per_ticket: number | null;
  min_per_ticket: number | null;
}): FeeRuleInForce {
  return {
    id: row.id,
    currency: row.currency,
    percentBasisPoints: row.percent_basis_points,
    fixed: row.fixed,
    capPerTicket: row.cap_per_ticket,
    minPerTicket: row.min_per_ticket,
  };
}

/** The rule that prices `currency` now; no rule, no fee. */
export async function currentFeeRule(db: Executor, currency: string): Promise<BookingFeeRule & { id: string | null }> {
  const rule = feeRuleFor(await feeRulesInForce(db), currency);
  if (!rule) return { id: null, ...noBookingFee };
  const { currency: _scope, ...priced } = rule;
  return priced;
}

/**
 * The id of the rule that prices `currency` now, as SQL (null when none): `feeRuleFor`'s choice made inside a
 * statement, so the order transaction can refuse an order priced by a rule that has since been replaced.
 */
export function feeRuleIdInForce(currency: string): RawBuilder<string | null> {
  return sql<string | null>`(select id from booking_fee_rules
    where effective_from <= now() and (currency = ${currency} or currency is null)
    order by currency is null, effective_from desc, created_at desc limit 1)`;
}
