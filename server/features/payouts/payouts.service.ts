import type { CheckoutProvider } from '../../../src/contract/orders.ts';
import {
  balanceOf,
  PAYOUTS_PAGE_SIZE,
  type PayoutDetail,
  type PayoutRow,
  type Payouts,
  type PayoutsQuery,
} from '../../../src/contract/payouts.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import { requirePermission } from '../organizations/organizations.service.ts';
import { ledgerSums, payoutOf, payoutOrders, payoutPage, payoutStanding } from './payouts.repository.ts';

type PayoutRecord = NonNullable<Awaited<ReturnType<typeof payoutOf>>>;

const rowOf = (payout: PayoutRecord): PayoutRow => ({
  id: payout.id,
  reference: payout.reference,
  currency: payout.currency,
  amount: payout.amount,
  orders: payout.order_count,
  status: payout.status,
  test: payout.provider === 'sandbox',
  createdAt: new Date(payout.created_at).toISOString(),
});

/** The balance per currency and a page of payouts (owners and finance). */
export async function organizationPayouts(
  db: Db,
  provider: CheckoutProvider,
  userId: string,
  organizationId: string,
  query: PayoutsQuery,
): Promise<Payouts> {
  await requirePermission(db, organizationId, userId, 'payouts.read');
  const position = decodeCursor(query.after);
  const [sums, rows, standing] = await Promise.all([
    ledgerSums(db, organizationId, provider),
    payoutPage(db, organizationId, position, PAYOUTS_PAGE_SIZE + 1),
    payoutStanding(db, organizationId),
  ]);
  const page = pageOf(rows, PAYOUTS_PAGE_SIZE);
  return {
    provider,
    payoutsEnabled: Boolean(standing?.payouts_enabled && !standing.suspended_at),
    balances: sums.map(balanceOf),
    items: page.items.map(rowOf),
    next: page.next,
  };
}

/** One payout with the orders it covers; another organisation's payout is not found. */
export async function organizationPayout(
  db: Db,
  userId: string,
  organizationId: string,
  payoutId: string,
): Promise<PayoutDetail> {
  await requirePermission(db, organizationId, userId, 'payouts.read');
  const payout = await payoutOf(db, organizationId, payoutId);
  if (!payout) throw notFound('That payout');
  return { ...rowOf(payout), orderItems: await payoutOrders(db, payout.id) };
}
