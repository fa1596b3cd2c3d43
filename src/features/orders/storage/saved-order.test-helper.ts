import type { Order } from '#contract/orders.ts';

let next = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A paid order for one event with one ticket, as `GET /orders/mine` answers it. */
export function paidOrder(change: { title?: string; holderName?: string; status?: Order['status'] } = {}): Order {
  next += 1;
  const id = uuid(next);
  return {
    id,
    reference: `R${next.toString().padStart(3, '0')}-TEST`,
    status: change.status ?? 'paid',
    event: {
      id: uuid(1000 + next),
      title: change.title ?? `Night ${next}`,
      startsAt: '2099-06-01T19:00:00.000Z',
      endsAt: '2099-06-01T23:00:00.000Z',
      timezone: 'Europe/London',
      isOnline: false,
      venueName: 'The Hall',
      address: '1 High Street',
      city: 'Leeds',
      coverImageUrl: null,
      onlineUrl: null,
      refundPolicy: null,
    },
    buyer: { name: 'Bea Buyer', email: 'bea@example.test' },
    items: [{ ticketTypeId: uuid(2000 + next), name: 'Standard', quantity: 1, unitPrice: 1250, unitFee: 100 }],
    currency: 'GBP',
    subtotal: 1250,
    discount: 0,
    discountCode: null,
    bookingFee: 100,
    total: 1350,
    refunded: 0,
    provider: 'sandbox',
    test: false,
    paymentUrl: null,
    awaitingEmailCode: false,
    holdExpiresAt: null,
    failureReason: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    paidAt: '2026-05-01T10:01:00.000Z',
    tickets: [
      {
        id: uuid(3000 + next),
        ticketTypeId: uuid(2000 + next),
        typeName: 'Standard',
        holderName: change.holderName ?? 'Bea Buyer',
        holderEmail: null,
        status: 'valid',
        code: `signed-code-${next}`,
        shortCode: 'K7QMX4PDR',
        checkedInAt: null,
        refundedAt: null,
      },
    ],
  };
}
