import type { Db } from '../db/database.ts';
import { createOrder } from '../features/orders/order-placement.service.ts';
import { newOrderCaches, type OrdersDeps } from '../features/orders/orders.service.ts';
import { handlePaymentWebhook } from '../features/payments/payments.service.ts';
import { createSandboxProvider } from '../lib/payments/sandbox.ts';

interface SeedOrder {
  key: string;
  event: string;
  tickets: Array<{ type: string; quantity: number }>;
  buyer: { name: string; email: string };
  /** Placed while signed in to this demo account, so it shows under its bookings. */
  account?: string;
  names?: string[];
}

const seedOrders: SeedOrder[] = [
  {
    key: 'seed-order-alex-jazz',
    event: 'Late Night Jazz at the Docks',
    tickets: [{ type: 'Standard', quantity: 2 }],
    buyer: { name: 'Alex Morgan', email: 'alex@admit.demo' },
    account: 'alex@admit.demo',
    names: ['Alex Morgan', 'Sam Rivers'],
  },
  {
    key: 'seed-order-alex-build-night',
    event: 'Build Night: Offline-first Web Apps',
    tickets: [{ type: 'Online seat', quantity: 1 }],
    buyer: { name: 'Alex Morgan', email: 'alex@admit.demo' },
    account: 'alex@admit.demo',
  },
  {
    key: 'seed-order-alex-tempest',
    event: 'The Tempest on the Harbour',
    tickets: [{ type: 'Promenade', quantity: 1 }],
    buyer: { name: 'Alex Morgan', email: 'alex@admit.demo' },
    account: 'alex@admit.demo',
  },
  {
    key: 'seed-order-jamie-jazz',
    event: 'Late Night Jazz at the Docks',
    tickets: [
      { type: 'Standard', quantity: 1 },
      { type: 'Table for two', quantity: 1 },
    ],
    buyer: { name: 'Jamie Lee', email: 'jamie.lee@example.com' },
  },
  {
    key: 'seed-order-priya-festival',
    event: 'Northern Lights Winter Festival',
    tickets: [
      { type: 'Day ticket', quantity: 2 },
      { type: 'Child (5–15)', quantity: 2 },
    ],
    buyer: { name: 'Priya Shah', email: 'priya.shah@example.com' },
  },
  {
    key: 'seed-order-owen-gallery',
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

/**
 * A few paid orders with issued tickets on the demo events, made through the real booking path
 * (hold, sandbox payment webhook, tickets, ledger, mail). Idempotent: the same keys find the same orders.
 */
export async function seedDemoOrders(db: Db, origin = 'http://localhost:3000'): Promise<number> {
  await ensureBookingFeeRule(db);
  // Access tokens and sandbox signatures are derived when read or sent, so any secret makes the same rows.
  const secret = 'demo-seed';
  const provider = createSandboxProvider(secret);
  const deps: OrdersDeps = { db, secret, provider, imageUrl: () => null, ...newOrderCaches() };
  let paid = 0;
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
    const order = await createOrder(
      deps,
      {
        eventId: event.id,
        items,
        buyer: seed.buyer,
        ...(seed.names ? { attendees: seed.names.map((name) => ({ ticketTypeId: firstType, name })) } : {}),
      },
      seed.key,
      { userId: account?.id ?? null, origin, trusted: true },
    );
    if (order.status === 'pending') {
      const payment = await db
        .selectFrom('payments')
        .select('session_id')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      await handlePaymentWebhook(
        deps,
        {
          id: `evt_seed_${order.id}`,
          type: 'succeeded',
          providerType: 'checkout.session.completed',
          sessionId: payment.session_id,
          orderId: order.id,
          paymentRef: `pi_seed_${order.id.slice(0, 8)}`,
          failureReason: null,
          payload: { seeded: true },
        },
        origin,
      );
    }
    paid += 1;
  }
  return paid;
}
