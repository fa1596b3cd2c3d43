import type { Db } from '../../../db/database.ts';
import { type PaymentProvider, PaymentProviderError } from '../../../lib/payments/provider.ts';
import { findRefund, markRefundSucceeded, pendingRefunds, recordRefundAttempt, setRefundError } from './refunds.repository.ts';

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
  const refund = await findRefund(db, refundId);
  if (refund?.status !== 'pending') return;
  const done = (providerRefundId: string | null) => markRefundSucceeded(db, refundId, providerRefundId);
  // Nothing was charged through a provider (free tickets, a local instance's demo sales), or the sandbox took play
  // money: nothing to send back.
  if (refund.provider === 'none' || refund.provider === 'demo' || !refund.payment_ref) return void (await done(null));
  if (refund.provider !== provider.name) {
    if (refund.provider === 'sandbox') return void (await done(null));
    await setRefundError(db, refundId, `The ${refund.provider} provider is not configured now.`);
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
    await recordRefundAttempt(db, refundId, { message, retryable, maxAttempts });
  }
}

/** Refunds decided but not yet carried out (a crash, a provider outage): the sweeper retries them. */
export async function runPendingRefunds(db: Db, provider: PaymentProvider, log?: RefundLog, limit = 20): Promise<number> {
  const pending = await pendingRefunds(db, limit);
  for (const { id } of pending) await runRefund(db, provider, id, log);
  return pending.length;
}
