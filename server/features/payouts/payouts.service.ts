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
import { HttpError, notFound } from '../../lib/http-error.ts';
import { requirePermission } from '../organizations/permissions.ts';
import { ledgerSums, type Position, payoutOf, payoutOrders, payoutPage, payoutStanding } from './payouts.repository.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${new Date(at).toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (Number.isNaN(at.getTime()) || !id || !uuid.test(id)) {
    throw new HttpError('BAD_REQUEST', 'That page link is not valid; start from the first page.', [
      { path: 'query.after', message: 'Not a page cursor.' },
    ]);
  }
  return { at, id };
}

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
  const items = rows.slice(0, PAYOUTS_PAGE_SIZE);
  const last = items.at(-1);
  return {
    provider,
    payoutsEnabled: Boolean(standing?.payouts_enabled && !standing.suspended_at),
    balances: sums.map(balanceOf),
    items: items.map(rowOf),
    next: rows.length > PAYOUTS_PAGE_SIZE && last ? encodeCursor(last.created_at, last.id) : null,
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
