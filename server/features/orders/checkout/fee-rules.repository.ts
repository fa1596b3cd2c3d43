import { type Expression, type RawBuilder, sql } from 'kysely';
import { feeRuleFor, noBookingFee } from '../../../../src/contract/booking-fee.ts';
import type { BookingFeeRule } from '../../../../src/contract/orders.ts';
import type { Executor } from '../../../db/database.ts';
import { type FeeRuleInForce, toFeeRule } from '../../../lib/booking-fee-rules.ts';

/**
 * The rule in force of each scope that can price an organisation's orders (its fee plan's, per currency and for
 * every currency, and the platform's alike; decision 039): a few rows. `organization` may be a value or SQL.
 */
export function feeRulesInForceQuery(db: Executor, organization: string | null | Expression<string | null>) {
  return db
    .selectFrom('booking_fee_rules')
    .distinctOn(['organization_id', 'currency'])
    .select(['id', 'organization_id', 'currency', 'percent_basis_points', 'fixed', 'cap_per_ticket', 'min_per_ticket'])
    .where('effective_from', '<=', sql<Date>`now()`)
    .where((eb) =>
      organization === null
        ? eb('organization_id', 'is', null)
        : eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organization)]),
    )
    .orderBy('organization_id')
    .orderBy('currency')
    .orderBy('effective_from', 'desc')
    .orderBy('created_at', 'desc');
}

/** Of the rules in force, the one that prices an order of `organizationId` in `currency`; `id` null when none (no fee). */
export function pricingRule(
  inForce: readonly FeeRuleInForce[],
  currency: string,
  organizationId: string | null,
): BookingFeeRule & { id: string | null } {
  const rule = feeRuleFor(inForce, currency, organizationId);
  if (!rule) return { id: null, ...noBookingFee };
  const { currency: _currency, organizationId: _organization, ...priced } = rule;
  return priced;
}

/** The rule that prices an order of `organizationId` (null: any organiser without a plan) in `currency` now. */
export async function currentFeeRule(
  db: Executor,
  currency: string,
  organizationId: string | null,
): Promise<BookingFeeRule & { id: string | null }> {
  const rows = await feeRulesInForceQuery(db, organizationId).execute();
  return pricingRule(rows.map(toFeeRule), currency, organizationId);
}

/** The organisation of an event (undefined when there is no such event): whose fee plan prices its orders. */
/**
 * The id of the rule that prices an order of `organizationId` in `currency` now, as SQL (null when none):
 * `feeRuleFor`'s choice made inside a statement, so the order transaction can refuse an order priced by a rule
 * that has since been replaced.
 */
export function feeRuleIdInForce(currency: string, organizationId: string): RawBuilder<string | null> {
  return sql<string | null>`(select id from booking_fee_rules
    where effective_from <= now() and (currency = ${currency} or currency is null)
      and (organization_id = ${organizationId}::uuid or organization_id is null)
    order by organization_id is null, currency is null, effective_from desc, created_at desc limit 1)`;
}
