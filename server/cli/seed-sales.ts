import type { OrdersDeps } from '../features/orders/orders.service.ts';
import { type PastSale, type SeedProvider, writePastSales } from './seed-past-sales.ts';
import { abandonedPerHundred, firstNames, lastNames, quantityShares, type SalesPlan, salesPlans } from './seed-sales-data.ts';

const dayMs = 86_400_000;
const minuteMs = 60_000;

/** The same numbers on every seed (mulberry32), so the demo's figures are the same on every machine. */
function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: () => number, shares: Array<[T, number]>): T {
  const total = shares.reduce((sum, [, share]) => sum + share, 0);
  let left = random() * total;
  for (const [value, share] of shares) {
    left -= share;
    if (left < 0) return value;
  }
  return (shares.at(-1) as [T, number])[0];
}

/**
 * When an order was placed: a few on the day the sale opened, then more as the event nears (a rising curve), between
 * 9:00 and 23:00 (UTC), and never in the last hour, so nothing is still being paid for: a time today that has not
 * come yet is taken the day before.
 */
export function placedAt(random: () => number, openedDaysAgo: number, now: Date): Date {
  const launch = random() < 0.15;
  const daysAgo = launch ? openedDaysAgo - random() * 2 : openedDaysAgo * random() ** 1.7;
  const day = new Date(now.getTime() - Math.floor(daysAgo) * dayMs);
  day.setUTCHours(9 + Math.floor(random() * 14), Math.floor(random() * 60), Math.floor(random() * 60), 0);
  const latest = now.getTime() - 60 * minuteMs;
  while (day.getTime() > latest) day.setTime(day.getTime() - dayMs);
  return day;
}

interface SaleDraft {
  key: string;
  name: string;
  typeName: string;
  quantity: number;
  placed: Date;
  abandoned: boolean;
}

function draftSales(plan: SalesPlan, index: number, now: Date): SaleDraft[] {
  const random = numbers(0x5eed + index * 7919);
  const types = Object.entries(plan.types);
  return Array.from({ length: plan.orders }, (_, n) => {
    const first = firstNames[Math.floor(random() * firstNames.length)] as string;
    const last = lastNames[Math.floor(random() * lastNames.length)] as string;
    return {
      key: `seed-sale-${index}-${n}`,
      name: `${first} ${last}`,
      typeName: pick(random, types),
      quantity: pick(random, quantityShares),
      placed: placedAt(random, plan.openedDaysAgo, now),
      abandoned: random() * 100 < abandonedPerHundred,
    };
  });
}

const emailOf = (name: string, key: string) =>
  `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${key.split('-').slice(-2).join('')}@example.com`;

/**
 * The demo events' sales so far: weeks of orders from strangers, priced by the booking path and written as of their
 * own days (seed-past-sales.ts), a few of them checkouts left unpaid that expired. Idempotent: a sale whose key was
 * written before is not written again.
 */
export async function seedDemoSales(deps: OrdersDeps, provider: SeedProvider, origin: string, now = new Date()): Promise<void> {
  const { db } = deps;
  const sales: PastSale[] = [];
  const views: Array<{ event_id: string; day: string; views: number }> = [];
  for (const [index, plan] of salesPlans.entries()) {
    const event = await db.selectFrom('events').select('id').where('title', '=', plan.event).executeTakeFirst();
    if (!event) continue;
    const types = await db
      .selectFrom('ticket_types')
      .select(['id', 'name', 'max_per_order'])
      .where('event_id', '=', event.id)
      .execute();
    const drafts = draftSales(plan, index, now);
    views.push(...pageViews(event.id, plan, drafts, now));
    for (const [n, sale] of drafts.entries()) {
      const type = types.find((candidate) => candidate.name === sale.typeName);
      if (!type) continue;
      sales.push({
        key: sale.key,
        order: {
          eventId: event.id,
          items: [{ ticketTypeId: type.id, quantity: Math.min(sale.quantity, type.max_per_order) }],
          buyer: { name: sale.name, email: emailOf(sale.name, sale.key) },
        },
        placedAt: sale.placed,
        // Paid at the checkout a few minutes later, or never.
        paidAt: sale.abandoned ? null : new Date(sale.placed.getTime() + (2 + (n % 5)) * minuteMs),
      });
    }
  }
  await writePastSales(deps, sales, { provider, origin });
  // Seeded again: the days counted already keep their views.
  if (views.length > 0) {
    await db
      .insertInto('event_page_views')
      .values(views)
      .onConflict((oc) => oc.columns(['event_id', 'day']).doNothing())
      .execute();
  }
}

/** Views of the event's page each day since its sale opened: a few dozen for each order placed that day, and browsers. */
function pageViews(eventId: string, plan: SalesPlan, drafts: SaleDraft[], now: Date) {
  const random = numbers(0x7e55 + plan.orders);
  return Array.from({ length: plan.openedDaysAgo + 1 }, (_, daysAgo) => {
    const day = new Date(now.getTime() - daysAgo * dayMs).toISOString().slice(0, 10);
    const orders = drafts.filter((draft) => draft.placed.toISOString().slice(0, 10) === day).length;
    return { event_id: eventId, day, views: 6 + Math.floor(random() * 14) + orders * (14 + Math.floor(random() * 12)) };
  });
}
