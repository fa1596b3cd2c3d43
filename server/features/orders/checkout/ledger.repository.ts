import type { Transaction } from 'kysely';
import type { Database } from '../../../db/types.ts';

interface LedgerOrder {
  id: string;
  event_id: string;
  currency: string;
  subtotal: number;
  booking_fee: number;
}

/** Money in: the ticket money and the booking fee, as two rows so fees and payouts add up separately. */
export async function recordCharge(trx: Transaction<Database>, order: LedgerOrder, paymentId: string | null, note = '') {
  const rows = chargeRows(order, paymentId, note);
  if (rows.length > 0) await trx.insertInto('ledger_entries').values(rows).execute();
}

export function chargeRows(order: LedgerOrder, paymentId: string | null, note = '') {
  return [
    { kind: 'charge' as const, amount: order.subtotal },
    { kind: 'booking_fee' as const, amount: order.booking_fee },
  ]
    .filter((row) => row.amount > 0)
    .map((row) => ({
      order_id: order.id,
      event_id: order.event_id,
      kind: row.kind,
      amount: row.amount,
      currency: order.currency,
      payment_id: paymentId,
      note,
    }));
}

/** Money out: a refund's ticket part and fee part, as negative amounts. */
export async function recordRefund(
  trx: Transaction<Database>,
  order: LedgerOrder,
  refund: { id: string; amount: number; feeAmount: number; note: string },
) {
  const rows = [
    { kind: 'refund' as const, amount: -(refund.amount - refund.feeAmount) },
    { kind: 'booking_fee_refund' as const, amount: -refund.feeAmount },
  ].filter((row) => row.amount < 0);
  await trx
    .insertInto('ledger_entries')
    .values(
      rows.map((row) => ({
        order_id: order.id,
        event_id: order.event_id,
        kind: row.kind,
        amount: row.amount,
        currency: order.currency,
        refund_id: refund.id,
        note: refund.note,
      })),
    )
    .execute();
}
