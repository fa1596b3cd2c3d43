import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOnSale, heldOrder, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

const publicOrigin = 'https://tickets.example.test';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: `${publicOrigin}/` });
});
afterAll(() => api.close());

async function paidOrderOnNewEvent() {
  const sale = await eventOnSale(api.app, api.database.db);
  const typeId = (sale.types[0] as { id: string }).id;
  const order = await heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 2 }]));
  const paid = await paySandbox(api.app, order);
  if (paid.json().data?.outcome !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  return { ...sale, order };
}

async function mailAbout(reference: string, subjectStart: string) {
  return api.database.db
    .selectFrom('mail_outbox')
    .select(['text_body', 'html_body'])
    .where('subject', 'like', `${subjectStart}%`)
    .where('text_body', 'like', `%${reference}%`)
    .executeTakeFirstOrThrow();
}

/** Every link of a message: the URLs in its text and the href and src of its HTML (inline images aside). */
function linksOf(mail: { text_body: string; html_body: string }): string[] {
  const inText = mail.text_body.match(/\S*\/account\/\S*/g) ?? [];
  const inHtml = [...mail.html_body.matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1] as string);
  return [...inText, ...inHtml].filter((link) => !link.startsWith('cid:'));
}

describe('links in booking mail', () => {
  it('point at the public app URL in a refund, whatever address the request came to', async () => {
    const { order, organiser } = await paidOrderOnNewEvent();
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID(), host: 'internal-node-7:3000' },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const links = linksOf(await mailAbout(order.reference, '[TEST] Refund for'));
    expect(links).toContain(`${publicOrigin}/account/bookings`);
    expect(links.every((link) => link.startsWith(`${publicOrigin}/`))).toBe(true);
  });

  it('are absolute in the mail of a cancelled event', async () => {
    const { order, organiser, event } = await paidOrderOnNewEvent();
    const response = await api.app.inject({ method: 'POST', url: `/api/events/${event.id}/cancel`, headers: organiser.bearer });
    expect(response.statusCode).toBe(200);
    const mail = await api.database.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('subject', 'like', '%is cancelled — you are refunded')
      .where('to_address', '=', (await orderBuyer(order.id)) ?? '')
      .executeTakeFirstOrThrow();
    const links = linksOf(mail);
    expect(links).toContain(`${publicOrigin}/account/bookings`);
    expect(links.every((link) => link.startsWith(`${publicOrigin}/`))).toBe(true);
  });
});

async function orderBuyer(orderId: string) {
  const row = await api.database.db.selectFrom('orders').select('buyer_email').where('id', '=', orderId).executeTakeFirst();
  return row?.buyer_email;
}
