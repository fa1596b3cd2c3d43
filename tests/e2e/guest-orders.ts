import type { APIRequestContext } from '@playwright/test';
import type { Order } from '../../src/contract/orders.ts';
import { expect } from './fixtures.ts';
import { linkFromMail, mailText } from './mailbox.ts';

// A demo organiser's token and a guest's paid order, for the specs of what buyers do with their booking.

export const demoOrganiser = { email: 'sam@harbourarts.demo', password: 'admit-demo-2026' };
export const unique = () => crypto.randomUUID().slice(0, 8);

export async function organiserToken(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/auth/signIn', { data: demoOrganiser });
  expect(signIn.status()).toBe(200);
  return (await signIn.json()).data.accessToken as string;
}

/** A guest's paid sandbox order of `quantity` tickets, and the link to it their confirmation mail carries. */
export async function guestOrder(request: APIRequestContext, eventId: string, ticketTypeId: string, quantity: number) {
  const email = `guest.${unique()}@example.test`;
  const placed = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: { eventId, items: [{ ticketTypeId, quantity }], buyer: { name: 'Rosa Guest', email } },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as Order;
  const paid = await request.post(`/api/payments/sandbox/${order.paymentUrl?.split('/').pop() ?? ''}`, {
    data: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Rosa Guest' },
  });
  expect((await paid.json()).data.outcome).toBe('succeeded');
  await mailText(email);
  const link = linkFromMail(email, 1, '/payment/order-success');
  const read = await request.get(`/api/orders/${order.id}?token=${order.accessToken}`);
  const token = order.accessToken as string;
  return { email, token, link: new URL(link).pathname + new URL(link).search, order: (await read.json()).data as Order };
}

/** The door's verdict on a code, online, scanned by the demo organiser. */
export async function scanOnline(request: APIRequestContext, eventId: string, code: string | null): Promise<string> {
  const response = await request.post(`/api/events/${eventId}/checkins`, {
    headers: { Authorization: `Bearer ${await organiserToken(request)}` },
    data: { code, deviceId: `door-${unique()}`, clientScanId: crypto.randomUUID(), scannedAt: new Date().toISOString() },
  });
  return (await response.json()).data.result as string;
}
