import type { PlatformOverview } from '../../../src/contract/admin.ts';
import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { maxAttempts } from '../../lib/mail/mail-sender.ts';
import { requirePermission } from './admin-access.service.ts';
import { moneyByCurrency, perDay, signupCount, testOrderCount, topEvents, waitingCounts } from './admin-overview.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const PERIOD_DAYS = 30;
const CHART_DAYS = 14;

const startOfUtcDay = (at: number) => {
  const day = new Date(at);
  day.setUTCHours(0, 0, 0, 0);
  return day;
};

/** Platform figures for administrators who may read payments. */
export async function platformOverview(db: Db, caller: AccessClaims, now = Date.now()): Promise<PlatformOverview> {
  await requirePermission(db, caller, 'payments.read');
  const since = startOfUtcDay(now - (PERIOD_DAYS - 1) * DAY_MS);
  const chartSince = startOfUtcDay(now - (CHART_DAYS - 1) * DAY_MS);
  const [money, tests, signups, daily, top, waiting] = await Promise.all([
    moneyByCurrency(db, since),
    testOrderCount(db, since),
    signupCount(db, since),
    perDay(db, chartSince),
    topEvents(db, since, 5),
    waitingCounts(db, new Date(now), since, maxAttempts),
  ]);
  const count = (rows: { day: string; n: string }[], day: string) => Number(rows.find((row) => row.day === day)?.n ?? 0);
  const days = Array.from({ length: CHART_DAYS }, (_, index) => {
    const day = new Date(chartSince.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { day, orders: count(daily.orders, day), signups: count(daily.signups, day) };
  });
  const moneyRows = money.map((row) => ({
    currency: row.currency,
    orders: Number(row.orders),
    sales: Number(row.sales),
    fees: Number(row.fees),
  }));
  return {
    since: since.toISOString(),
    money: moneyRows,
    paidOrders: moneyRows.reduce((sum, row) => sum + row.orders, 0),
    testOrders: tests,
    signups,
    days,
    topEvents: top.map((row) => ({ eventId: row.id, title: row.title, orders: Number(row.orders) })),
    waiting,
  };
}
