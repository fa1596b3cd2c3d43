import { sql } from 'kysely';

// The organiser's order list and the reports show the same money, so both read it through these.

const sumOf = (kinds: string[]) =>
  sql<string>`coalesce(sum(case when ledger_entries.kind in (${sql.join(kinds)}) then ledger_entries.amount else 0 end), 0)`;

/**
 * The one definition of an organiser's money, summed over `ledger_entries` rows (read with `ledgerMoney`): gross is
 * what buyers paid, fees what the platform keeps (net of fee refunds), refunds what went back.
 */
export const ledgerMoneySums = {
  gross: sumOf(['charge', 'booking_fee']),
  fees: sumOf(['booking_fee', 'booking_fee_refund']),
  refunds: sumOf(['refund', 'booking_fee_refund']),
};

/** Gross, booking fees, refunds (as a positive amount) and the organiser's net, from `ledgerMoneySums`. */
export function ledgerMoney(row: { gross?: unknown; fees?: unknown; refunds?: unknown } | undefined) {
  const gross = Number(row?.gross ?? 0);
  const bookingFees = Number(row?.fees ?? 0);
  const refunds = -Number(row?.refunds ?? 0);
  return { gross, bookingFees, refunds, net: gross - bookingFees - refunds };
}
