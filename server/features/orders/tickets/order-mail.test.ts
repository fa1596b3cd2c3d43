import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../src/contract/orders.ts';
import { noRefundPolicySentence, refundPolicySentence } from '../../../../src/contract/refund-policy.ts';
import { confirmationMail } from './order-mail.ts';

const ticket = (id: string, holderName: string, status: 'valid' | 'voided') => ({
  id,
  ticketTypeId: 'child',
  typeName: 'Child',
  holderName,
  holderEmail: null,
  status,
  code: status === 'valid' ? `code-${id}` : null,
  shortCode: status === 'valid' ? (id === 't1' ? 'K7QMX4PDR' : 'W2EF9H0JA') : null,
  checkedInAt: null,
  refundedAt: null,
});

/** Two Child tickets at £60.00 with a £2.49 booking fee each: £124.98. */
const paid: Omit<Order, 'accessToken'> = {
  id: 'order-1',
  reference: 'K7P3-9QXM',
  status: 'paid',
  event: {
    id: 'event-1',
    title: 'Harbour Lights',
    startsAt: '2026-07-01T18:00:00.000Z',
    endsAt: '2026-07-01T21:00:00.000Z',
    timezone: 'Europe/London',
    isOnline: false,
    venueName: 'The Quay',
    address: '1 Dock Road',
    city: 'Bristol',
    coverImageUrl: null,
    onlineUrl: null,
    refundPolicy: null,
  },
  buyer: { name: 'Grace Hopper', email: 'grace@example.test' },
  items: [{ ticketTypeId: 'child', name: 'Child', quantity: 2, unitPrice: 6000, unitFee: 249 }],
  currency: 'GBP',
  subtotal: 12000,
  discount: 0,
  discountCode: null,
  bookingFee: 498,
  total: 12498,
  refunded: 0,
  provider: 'stripe',
  test: false,
  paymentUrl: null,
  awaitingEmailCode: false,
  holdExpiresAt: null,
  failureReason: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  paidAt: '2026-05-01T10:01:00.000Z',
  tickets: [ticket('t1', 'Tim', 'valid'), ticket('t2', 'Tom', 'valid')],
};
const issued = (order: typeof paid) =>
  order.tickets.flatMap((one) =>
    one.code && one.shortCode
      ? [{ id: one.id, typeName: one.typeName, holderName: one.holderName, code: one.code, shortCode: one.shortCode }]
      : [],
  );

describe('the tickets mail', () => {
  it('of an order as it was paid lists every ticket and the total, and says nothing of refunds', () => {
    const mail = confirmationMail(paid, issued(paid), 'https://admit.test');
    expect(mail.text).toContain('2 × Child — £120.00');
    expect(mail.text).toContain('Total — £124.98');
    // The event's refund policy is always there (decision 067); nothing else speaks of refunds.
    expect(mail.text.replace(/^Refund policy: .*$/m, '')).not.toMatch(/refund|No longer valid/i);
    expect(mail.text.split('\n').filter((line) => line.startsWith('Ticket '))).toEqual([
      'Ticket 1: Child — Tim',
      'Ticket 2: Child — Tom',
    ]);
  });

  it('prints each ticket’s short code beside its QR code, for the door to type when the QR will not scan', () => {
    const mail = confirmationMail(paid, issued(paid), 'https://admit.test');
    expect(mail.text).toContain('Ticket 1: Child — Tim\n  Code K7Q-MX4-PDR — the door can type it if the QR will not scan');
    expect(mail.text).toContain('Ticket 2: Child — Tom\n  Code W2E-F9H-0JA');
    const [first, second] = mail.html.split('alt="QR code of ticket ').slice(1) as [string, string];
    expect(first).toContain('K7Q-MX4-PDR');
    expect(first).not.toContain('W2E-F9H-0JA');
    expect(second).toContain('W2E-F9H-0JA');
    expect(mail.html).toContain('The door can type it if the QR will not scan.');
  });

  it('sent again after one ticket was refunded shows the refund and the refunded ticket as no longer valid', () => {
    const now = {
      ...paid,
      status: 'partially_refunded' as const,
      refunded: 6249,
      tickets: [ticket('t1', 'Tim', 'voided'), ticket('t2', 'Tom', 'valid')],
    };
    const mail = confirmationMail(now, issued(now), 'https://admit.test');
    expect(mail.text).toContain('£62.49 of this order was refunded.');
    expect(mail.text).toContain('Refunded — £62.49');
    expect(mail.text.split('\n').filter((line) => line.startsWith('Ticket '))).toEqual(['Ticket 1: Child — Tom']);
    expect(mail.text).toContain('No longer valid: Child — Tim');
    expect(mail.html).toContain('Refunded — £62.49');
    expect(mail.html).toContain('No longer valid: Child — Tim');
    expect(mail.attachments?.filter((file) => file.qrCode).map((file) => file.qrCode)).toEqual(['code-t2']);
  });

  it('of a TEST order says no money moved with the refund', () => {
    const now = {
      ...paid,
      provider: 'sandbox' as const,
      test: true,
      refunded: 6249,
      tickets: [ticket('t1', 'Tim', 'voided'), ticket('t2', 'Tom', 'valid')],
    };
    expect(confirmationMail(now, issued(now), 'https://admit.test').text).toContain(
      '£62.49 of this order was refunded (a TEST order: no money moved).',
    );
  });
});

describe('the tickets mail’s refund policy', () => {
  it('carries the event’s policy sentence, in text and in HTML, and how to ask the organiser', () => {
    const policy = { kind: 'until_before_start', notice: 48, unit: 'hours', fee: { kind: 'percent', percent: 5 } } as const;
    const order = { ...paid, event: { ...paid.event, refundPolicy: policy } };
    const sentence = refundPolicySentence(policy, order.event.startsAt, order.event.timezone);
    expect(sentence).toBe('Refunds until Mon 29 Jun, 19:00 (London time), 48 hours before the start, minus a 5% fee.');
    const mail = confirmationMail(order, issued(order), 'https://admit.test');
    expect(mail.text).toContain(
      `Refund policy: ${sentence} Cancel within the policy, or ask the organiser for a refund, from your booking.`,
    );
    expect(mail.html).toContain(sentence);
  });

  it('says plainly when the organiser has set none, and escapes an organiser’s own words', () => {
    expect(confirmationMail(paid, issued(paid), 'https://admit.test').text).toContain(noRefundPolicySentence);
    const order = {
      ...paid,
      event: { ...paid.event, refundPolicy: { kind: 'custom', text: 'No <b>refunds</b> & no swaps.' } as const },
    };
    const mail = confirmationMail(order, issued(order), 'https://admit.test');
    expect(mail.text).toContain('No <b>refunds</b> & no swaps.');
    expect(mail.html).toContain('No &lt;b&gt;refunds&lt;/b&gt; &amp; no swaps.');
  });
});
