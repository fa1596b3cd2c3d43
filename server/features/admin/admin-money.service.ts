/** The admin console's money: payments, refunds, webhook deliveries (and applying one again), payouts, platform fees. */
import type {
  AdminPaymentPage,
  AdminPayoutPage,
  AdminRefundPage,
  AdminWebhookPage,
  PlatformFees,
  WebhookRetry,
} from '../../../src/contract/admin-sales.ts';
import { isTestOrder, orderReferenceOf } from '../../../src/contract/orders.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { retryUnmatchedDelivery } from '../payments/payments.service.ts';
import { requirePermission } from './admin-access.service.ts';
import { platformFeesSince, searchPayments, searchPayouts, searchRefunds, searchWebhooks } from './admin-money.repository.ts';
import { adminPageSize } from './admin-page-size.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export async function listPayments(
  db: Db,
  caller: AccessClaims,
  query: { q?: string; sort?: 'newest' | 'oldest'; after?: string },
  size = adminPageSize,
): Promise<AdminPaymentPage> {
  await requirePermission(db, caller, 'payments.read');
  const q = query.q?.trim();
  // An order reference as typed, with or without its dash; provider payment references never read as one.
  const reference = q ? orderReferenceOf(q) : null;
  const filter = !q ? {} : q.includes('@') ? { email: q } : reference ? { reference } : { paymentRef: q };
  const rows = await searchPayments(db, { ...filter, oldestFirst: query.sort === 'oldest' }, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      reference: row.reference,
      buyerEmail: row.buyer_email,
      provider: row.provider,
      paymentRef: row.payment_ref,
      amount: row.amount,
      fee: row.booking_fee,
      currency: row.currency,
      status: row.status,
      failureReason: row.failure_reason,
      test: isTestOrder({ provider: row.order_provider }),
      createdAt: iso(row.created_at),
    })),
    next: page.next,
  };
}

export async function listRefunds(
  db: Db,
  caller: AccessClaims,
  query: { status?: 'pending' | 'succeeded' | 'failed'; after?: string },
  size = adminPageSize,
): Promise<AdminRefundPage> {
  await requirePermission(db, caller, 'payments.read');
  const rows = await searchRefunds(db, query.status, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      reference: row.reference,
      amount: row.amount,
      feeAmount: row.fee_amount,
      currency: row.currency,
      reason: row.reason,
      provider: row.provider,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      test: isTestOrder({ provider: row.order_provider }),
      createdAt: iso(row.created_at),
      completedAt: isoOrNull(row.completed_at),
    })),
    next: page.next,
  };
}

export async function listWebhooks(
  db: Db,
  caller: AccessClaims,
  query: { failed?: 'true' | 'false'; after?: string },
  size = adminPageSize,
): Promise<AdminWebhookPage> {
  await requirePermission(db, caller, 'payments.read');
  const rows = await searchWebhooks(db, query.failed === 'true', decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      provider: row.provider,
      providerEventId: row.provider_event_id,
      type: row.type,
      orderId: row.order_id,
      outcome: row.outcome,
      receivedAt: iso(row.received_at),
    })),
    next: page.next,
  };
}

/** Payouts to organisers across the platform, newest first (payments.read). */
export async function listPayouts(
  db: Db,
  caller: AccessClaims,
  query: { q?: string | undefined; after?: string | undefined },
  size = adminPageSize,
): Promise<AdminPayoutPage> {
  await requirePermission(db, caller, 'payments.read');
  const rows = await searchPayouts(db, query.q || undefined, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      reference: row.reference,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      currency: row.currency,
      amount: row.amount,
      orders: row.order_count,
      provider: row.provider,
      status: row.status,
      createdAt: iso(row.created_at),
    })),
    next: page.next,
  };
}

/**
 * Applies a failed delivery (one that matched no payment) again, as the provider's redelivery would be, and records
 * who did and what it came to (orders.refund: it can confirm an order and issue its tickets).
 */
export async function retryWebhook(
  deps: OrdersDeps,
  caller: AccessClaims,
  deliveryId: string,
  origin: string,
): Promise<WebhookRetry> {
  const actorId = await requirePermission(deps.db, caller, 'orders.refund');
  const outcome = await retryUnmatchedDelivery(deps, deliveryId, origin);
  await recordAudit(deps.db, {
    actorId,
    action: 'admin.webhook_retried',
    subjectType: 'payment_event',
    subjectId: deliveryId,
    details: { outcome },
  });
  return { outcome };
}

const FEE_DAYS = 30;

export async function platformFees(db: Db, caller: AccessClaims): Promise<PlatformFees> {
  await requirePermission(db, caller, 'payments.read');
  const since = new Date(Date.now() - FEE_DAYS * 24 * 3600 * 1000);
  const rows = await platformFeesSince(db, since);
  return {
    since: since.toISOString(),
    items: rows.map((row) => ({
      currency: row.currency,
      orders: Number(row.orders),
      fees: Number(row.fees),
      refundedFees: Number(row.refunded),
    })),
  };
}
