import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type PaymentProvider, PaymentProviderError } from '../../lib/payments/provider.ts';

/** After this many failed tries, or one refusal, a refund waits for a person (it shows in the order's history). */
const maxAttempts = 8;

export interface RefundLog {
  warn(obj: object, msg?: string): void;
}

/**
 * Carries out a refund already decided (and written to the ledger) at the provider: network I/O,
 * outside any transaction. Safe to repeat: the refund id is the provider's idempotency key.
 */
export async function runRefund(db: Db, provider: PaymentProvider, refundId: string, log?: RefundLog): Promise<void> {
  const refund = await db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
  if (refund?.status !== 'pending') return;
  const done = (providerRefundId: string | null) =>
    db
      .updateTable('refunds')
      .set({ status: 'succeeded', provider_refund_id: providerRefundId, completed_at: new Date(), last_error: null })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .execute();
  // Nothing was charged through a provider (free tickets), or the sandbox took play money: nothing to send back.
  if (refund.provider === 'none' || !refund.payment_ref) return void (await done(null));
  if (refund.provider !== provider.name) {
    if (refund.provider === 'sandbox') return void (await done(null));
    await db
      .updateTable('refunds')
      .set({ last_error: `The ${refund.provider} provider is not configured now.` })
      .where('id', '=', refundId)
      .execute();
    return;
  }
  try {
    const result = await provider.refund({
      paymentRef: refund.payment_ref,
      amount: refund.amount,
      feeAmount: refund.fee_amount,
      currency: refund.currency,
      idempotencyKey: refund.id,
    });
    await done(result.refundId);
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    const retryable = !(error instanceof PaymentProviderError) || error.retryable;
    log?.warn({ refundId, error: message, retryable }, 'refund failed at the provider');
    await db
      .updateTable('refunds')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: message,
        status: retryable ? sql`case when attempts + 1 >= ${maxAttempts} then 'failed' else 'pending' end` : 'failed',
      }))
      .where('id', '=', refundId)
      .execute();
  }
}

/** Refunds decided but not yet carried out (a crash, a provider outage): the sweeper retries them. */
export async function runPendingRefunds(db: Db, provider: PaymentProvider, log?: RefundLog, limit = 20): Promise<number> {
  const pending = await db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  for (const { id } of pending) await runRefund(db, provider, id, log);
  return pending.length;
}
