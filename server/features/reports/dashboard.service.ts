import {
  type Dashboard,
  type DashboardQuery,
  dashboardSalesDays,
  REFUND_FAILED_WARN_DAYS,
  REFUND_PENDING_WARN_MS,
} from '../../../src/contract/dashboard.ts';
import type { OrderStatus } from '../../../src/contract/orders.ts';
import { canSellPaidTickets } from '../../../src/contract/verification.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { ledgerMoney } from '../../lib/ledger-money.ts';
import { flushPageViews } from '../events/events.service.ts';
import { organizationOfEvent, requirePermission } from '../organizations/organizations.service.ts';
import {
  dailyRevenue,
  dailyTickets,
  doorCounts,
  moneyAndCounts,
  ordersByStatus,
  organizationEvents,
  pageViews,
  refundTrouble,
  type Scope,
  setupFacts,
  ticketTypeSales,
} from './dashboard.repository.ts';
import { arrivals, staleDeviceWarnings } from './door-activity.service.ts';

/** At most this many events to choose from, and ticket types listed, on one dashboard. */
const eventChoices = 200;
const ticketTypeRows = 100;

/**
 * The caller's scope when they may read the organisation's orders: not a member → 404, a member without
 * the right (door staff) → 403, an event of another organisation → 404.
 */
export async function readableScope(db: Db, userId: string, organizationId: string, eventId: string | undefined): Promise<Scope> {
  await requirePermission(db, organizationId, userId, 'orders.read');
  if (eventId) {
    if ((await organizationOfEvent(db, eventId)) !== organizationId) throw notFound('That event');
  }
  return { organizationId, eventId: eventId ?? null };
}

/** The chart's days, oldest first, ending today (UTC). */
function chartDays(today: Date): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: dashboardSalesDays }, (_, index) =>
    new Date(end - (dashboardSalesDays - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

function salesDays(counts: Map<string, number>, today: Date): Dashboard['dailySales'] {
  return chartDays(today).map((day) => ({ day, tickets: counts.get(day) ?? 0 }));
}

/** One series per currency (never summed across), every day of the chart, currencies in order. */
function revenueDays(rows: Awaited<ReturnType<typeof dailyRevenue>>, today: Date): Dashboard['dailyRevenue'] {
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return currencies.map((currency) => {
    const byDay = new Map(rows.filter((row) => row.currency === currency).map((row) => [row.day, row.gross]));
    return { currency, days: chartDays(today).map((day) => ({ day, gross: byDay.get(day) ?? 0 })) };
  });
}

/** Money per currency (never summed across currencies), and the paid TEST orders left out of it. */
function moneyOf({ money, counts }: Awaited<ReturnType<typeof moneyAndCounts>>): Pick<Dashboard, 'money' | 'testOrders'> {
  const real = counts.filter((row) => !row.test);
  const currencies = [...new Set([...money.map((row) => row.currency), ...real.map((row) => row.currency)])].sort();
  return {
    money: currencies.map((currency) => {
      const count = real.find((row) => row.currency === currency);
      return {
        currency,
        ...ledgerMoney(money.find((row) => row.currency === currency)),
        orders: Number(count?.orders ?? 0),
        tickets: Number(count?.tickets ?? 0),
      };
    }),
    testOrders: counts.filter((row) => row.test).reduce((sum, row) => sum + Number(row.orders), 0),
  };
}

function setupOf(facts: Awaited<ReturnType<typeof setupFacts>>): Dashboard['setup'] {
  return [
    { step: 'profile', done: Boolean(facts?.description.trim() && facts.contact_email) },
    { step: 'verification', done: facts?.kyc_status === 'verified' },
    { step: 'payouts', done: Boolean(facts?.payouts_enabled) },
    { step: 'published', done: Boolean(facts?.published) },
  ];
}

function warningsOf(
  facts: Awaited<ReturnType<typeof setupFacts>>,
  refunds: Awaited<ReturnType<typeof refundTrouble>>,
): Dashboard['warnings'] {
  if (!facts) return [];
  const warnings: Dashboard['warnings'] = [];
  if (facts.suspended_at) warnings.push({ kind: 'suspended' });
  if (facts.kyc_status === 'action_required') {
    warnings.push({
      kind: 'action_required',
      what: facts.action_required,
      deadline: facts.action_deadline ? new Date(facts.action_deadline).toISOString() : null,
    });
  }
  if (facts.kyc_status === 'verified' && !facts.payouts_enabled) warnings.push({ kind: 'payouts_paused' });
  const paidOnSale = Number(facts.paid_on_sale ?? 0);
  if (paidOnSale > 0 && !canSellPaidTickets({ kycStatus: facts.kyc_status, payoutsEnabled: facts.payouts_enabled })) {
    warnings.push({ kind: 'paid_events_unverified', events: paidOnSale });
  }
  if (refunds.pending > 0 || refunds.failed > 0) warnings.push({ kind: 'refunds_pending', ...refunds });
  return warnings;
}

/** Everything the organiser's dashboard shows, for the organisation or one of its events. */
export async function dashboard(db: Db, userId: string, organizationId: string, query: DashboardQuery): Promise<Dashboard> {
  const scope = await readableScope(db, userId, organizationId, query.eventId);
  const now = new Date();
  const since = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (dashboardSalesDays - 1) * 86_400_000,
  );
  // Views this instance has tallied but not yet written count too.
  await flushPageViews(db);
  const [sums, statuses, types, door, views, daily, revenue, arrived, events, facts, refunds, devices] = await Promise.all([
    moneyAndCounts(db, scope),
    ordersByStatus(db, scope),
    ticketTypeSales(db, scope, ticketTypeRows),
    doorCounts(db, scope),
    pageViews(db, scope),
    dailyTickets(db, scope, since),
    dailyRevenue(db, scope, since),
    arrivals(db, scope, now),
    organizationEvents(db, organizationId, eventChoices),
    setupFacts(db, organizationId),
    refundTrouble(
      db,
      organizationId,
      new Date(now.getTime() - REFUND_PENDING_WARN_MS),
      new Date(now.getTime() - REFUND_FAILED_WARN_DAYS * 86_400_000),
    ),
    staleDeviceWarnings(db, organizationId, now),
  ]);
  return {
    eventId: scope.eventId,
    ...moneyOf(sums),
    ordersByStatus: statuses.map((row) => ({ status: row.status as OrderStatus, count: row.count })),
    ticketTypes: types.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      eventTitle: row.event_title,
      name: row.name,
      sold: row.sold,
      capacity: row.capacity,
    })),
    door,
    pageViews: views,
    dailySales: salesDays(daily, now),
    dailyRevenue: revenueDays(revenue, now),
    arrivals: arrived,
    events: events.map((event) => ({
      id: event.id,
      title: event.title,
      status: event.status,
      startsAt: new Date(event.starts_at).toISOString(),
    })),
    setup: setupOf(facts),
    warnings: [...warningsOf(facts, refunds), ...devices],
  };
}
