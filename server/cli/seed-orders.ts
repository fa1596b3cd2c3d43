import type { Db } from '../db/database.ts';
import { findOrderByKey } from '../features/orders/orders.repository.ts';
import { newOrderCaches, type OrdersDeps } from '../features/orders/orders.service.ts';
import { refundWithKey } from '../features/orders/refunds/refunds.service.ts';
import { createSandboxProvider } from '../lib/payments/sandbox.ts';
import { type PastSale, type SeedProvider, writePastSales } from './seed-past-sales.ts';
import { seedDemoSales } from './seed-sales.ts';

interface SeedOrder {
  key: string;
  event: string;
  tickets: Array<{ type: string; quantity: number }>;
  buyer: { name: string; email: string };
  /** Placed while signed in to this demo account, so it shows under its bookings. */
  account?: string;
  names?: string[];
  /** Placed this many hours before the seed runs. */
  hoursAgo: number;
}

const seedOrders: SeedOrder[] = [
  {
    key: 'seed-order-alex-jazz',
    hoursAgo: 30,
    event: 'Late Night Jazz at the Docks',
    tickets: [{ type: 'Standard', quantity: 2 }],
    buyer: { name: 'Alex Morgan', email: 'alex@admit.demo' },
    account: 'alex@admit.demo',
    names: ['Alex Morgan', 'Sam Rivers'],
  },
  {
    key: 'seed-order-alex-build-night',
    hoursAgo: 75,
    event: 'Build Night: Offline-first Web Apps',
    tickets: [{ type: 'Online seat', quantity: 1 }],
    buyer: { name: 'Alex Morgan', email: 'alex@admit.demo' },
    account: 'alex@admit.demo',
  },
  {
    key: 'seed-order-alex-tempest',
    hoursAgo: 130,
    event: 'The Tempest on the Harbour',
    tickets: [{ type: 'Promenade', quantity: 1 }],
    buyer: { name: 'Alex Morgan', email: 'alex@admit.demo' },
    account: 'alex@admit.demo',
  },
  {
    key: 'seed-order-jamie-jazz',
    hoursAgo: 5,
    event: 'Late Night Jazz at the Docks',
    tickets: [
      { type: 'Standard', quantity: 1 },
      { type: 'Table for two', quantity: 1 },
    ],
    buyer: { name: 'Jamie Lee', email: 'jamie.lee@example.com' },
  },
  {
    key: 'seed-order-priya-festival',
    hoursAgo: 20,
    event: 'Northern Lights Winter Festival',
    tickets: [
      { type: 'Day ticket', quantity: 2 },
      { type: 'Child (5–15)', quantity: 2 },
    ],
    buyer: { name: 'Priya Shah', email: 'priya.shah@example.com' },
  },
  {
    key: 'seed-order-owen-gallery',
    hoursAgo: 50,
    event: 'Gallery Late: Light and Shadow',
    tickets: [{ type: 'Entry', quantity: 3 }],
    buyer: { name: 'Owen Hughes', email: 'owen.hughes@example.com' },
  },
];

/** The platform's demo rule, 2.5% + 49p per paid ticket capped at £5; only when the database has none. */
async function ensureBookingFeeRule(db: Db): Promise<void> {
  const any = await db.selectFrom('booking_fee_rules').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db.insertInto('booking_fee_rules').values({ percent_basis_points: 250, fixed: 49, cap_per_ticket: 500 }).execute();
}

export interface SeedOrdersOptions {
  /** `demo` on a local instance (sales that count), `sandbox` (TEST orders) anywhere else. */
  provider?: SeedProvider;
  origin?: string;
  now?: Date;
}

/**
 * Paid orders with issued tickets on the demo events, priced by the booking path and written as of their own days
 * (seed-past-sales.ts): the named buyers' orders below (mailed, some in the demo attendee's bookings), weeks of sales
 * to strangers (seed-sales.ts), and two refunds the organisers gave today. Idempotent: the same keys find the same
 * orders.
 */
export async function seedDemoOrders(db: Db, options: SeedOrdersOptions = {}): Promise<number> {
  const { provider = 'sandbox', origin = 'http://localhost:3000', now = new Date() } = options;
  await ensureBookingFeeRule(db);
  // Access tokens and sandbox signatures are derived when read or sent, so any secret makes the same rows.
  const secret = 'demo-seed';
  const deps: OrdersDeps = { db, secret, provider: createSandboxProvider(secret), imageUrl: () => null, ...newOrderCaches() };
  const sales: PastSale[] = [];
  for (const seed of seedOrders) {
    const event = await db.selectFrom('events').select('id').where('title', '=', seed.event).executeTakeFirst();
    if (!event) continue;
    const types = await db.selectFrom('ticket_types').select(['id', 'name']).where('event_id', '=', event.id).execute();
    const items = seed.tickets.flatMap((ticket) => {
      const type = types.find((candidate) => candidate.name === ticket.type);
      return type ? [{ ticketTypeId: type.id, quantity: ticket.quantity }] : [];
    });
    if (items.length !== seed.tickets.length) continue;
    const account = seed.account
      ? await db.selectFrom('users').select('id').where('email', '=', seed.account).executeTakeFirst()
      : undefined;
    const firstType = items[0]?.ticketTypeId as string;
    const placedAt = new Date(now.getTime() - seed.hoursAgo * 3_600_000);
    sales.push({
      key: seed.key,
      order: {
        eventId: event.id,
        items,
        buyer: seed.buyer,
        ...(seed.names ? { attendees: seed.names.map((name) => ({ ticketTypeId: firstType, name })) } : {}),
      },
      userId: account?.id ?? null,
      placedAt,
      paidAt: new Date(placedAt.getTime() + 3 * 60_000),
      mail: true,
    });
  }
  await writePastSales(deps, sales, { provider, origin });
  await seedDemoSales(deps, provider, origin, now);
  await seedDemoRefunds(deps, origin);
  return seedOrders.length;
}

/** Refunds the demo organisers gave: a whole order and one ticket of another, today. */
const seedRefunds = [
  { key: 'seed-sale-0-7', reason: 'Cannot make it: asked for a refund.', oneTicket: false },
  { key: 'seed-sale-6-4', reason: 'One of the party is ill.', oneTicket: true },
];

async function seedDemoRefunds(deps: OrdersDeps, origin: string): Promise<void> {
  const { db } = deps;
  for (const refund of seedRefunds) {
    const order = await findOrderByKey(db, 'guest', refund.key);
    if (!order) continue;
    const row = await db
      .selectFrom('orders')
      .innerJoin('events', 'events.id', 'orders.event_id')
      .innerJoin('organization_members', 'organization_members.organization_id', 'events.organization_id')
      .select(['orders.status', 'organization_members.user_id'])
      .where('orders.id', '=', order.id)
      .where('organization_members.role', '=', 'owner')
      .executeTakeFirst();
    if (row?.status !== 'paid') continue;
    const tickets = await db.selectFrom('tickets').select('id').where('order_id', '=', order.id).orderBy('position').execute();
    if (refund.oneTicket && tickets.length < 2) continue;
    await refundWithKey(deps, {
      orderId: order.id,
      input: { reason: refund.reason, buyerNote: '', ...(refund.oneTicket ? { ticketIds: [tickets[0]?.id as string] } : {}) },
      by: 'organiser',
      idempotencyKey: `seed-refund-${refund.key}`,
      actorId: row.user_id,
      origin,
    });
  }
}
