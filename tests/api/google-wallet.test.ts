import { randomUUID } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { testGoogleWallet } from '../fixtures/google-wallet.ts';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// A ticket's Google Wallet "save" link (issue 39): a JWT signed for the operator's issuer, checked here against the
// issuer's public key, carrying the QR code the door reads.

const wallet = testGoogleWallet();
let api: TestApi;
let bare: TestApi;

beforeAll(async () => {
  [api, bare] = await Promise.all([createTestApi({ PUBLIC_APP_URL: 'https://tickets.example', ...wallet.env }), createTestApi()]);
}, 60_000);
afterAll(() => Promise.all([api.close(), bare.close()]));

async function paidOrder(on: TestApi, quantity = 1) {
  const sale = await eventOnSale(on.app, on.database.db, { testMode: true });
  const typeId = (sale.types[0] as { id: string }).id;
  const order = await heldOrder(on.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity }]), {}, lineAddress(950));
  expect((await paySandbox(on.app, order)).statusCode).toBe(200);
  const read = await on.app.inject({ method: 'GET', url: `/api/orders/${order.id}?token=${order.accessToken}` });
  return { order: { ...read.json().data, accessToken: order.accessToken } as OrderView, ...sale };
}
const linkOf = (on: TestApi, order: OrderView, ticketId: string, token = order.accessToken) =>
  on.app.inject({ method: 'GET', url: `/api/orders/${order.id}/tickets/${ticketId}/google-wallet?token=${token ?? ''}` });

async function verified(url: string) {
  expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
  const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
  const { payload, protectedHeader } = await jwtVerify(jwt, wallet.publicKey, {
    issuer: wallet.env.GOOGLE_WALLET_SERVICE_ACCOUNT,
    audience: 'google',
  });
  expect(protectedHeader.alg).toBe('RS256');
  return payload as { typ: string; origins: string[]; payload: { eventTicketClasses: object[]; eventTicketObjects: object[] } };
}

describe('Google Wallet', () => {
  it('signs a save link whose pass carries the ticket’s code, and a new one with the new code once it is passed on', async () => {
    const { order, event } = await paidOrder(api);
    const [ticket] = order.tickets as [OrderView['tickets'][number]];
    const response = await linkOf(api, order, ticket.id);
    expect(response.statusCode, response.body).toBe(200);
    const claims = await verified(response.json().data.url);
    expect(claims).toMatchObject({ typ: 'savetowallet', origins: ['https://tickets.example'] });
    const classId = `${wallet.env.GOOGLE_WALLET_ISSUER_ID}.event-${event.id}`;
    expect(claims.payload.eventTicketClasses[0]).toMatchObject({
      id: classId,
      eventName: { defaultValue: { value: event.title } },
    });
    expect(claims.payload.eventTicketObjects[0]).toMatchObject({
      id: `${wallet.env.GOOGLE_WALLET_ISSUER_ID}.ticket-${ticket.id}-0`,
      classId,
      state: 'ACTIVE',
      ticketHolderName: ticket.holderName,
      ticketNumber: order.reference,
      barcode: { type: 'QR_CODE', value: ticket.code },
    });

    const passed = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/tickets/${ticket.id}/transfer?token=${order.accessToken}`,
      payload: { holderName: 'Ada Byron', holderEmail: 'ada@example.com', version: 0 },
    });
    expect(passed.statusCode, passed.body).toBe(200);
    const moved = passed.json().data.tickets[0];
    const again = await verified((await linkOf(api, order, ticket.id)).json().data.url);
    expect(again.payload.eventTicketObjects[0]).toMatchObject({
      id: `${wallet.env.GOOGLE_WALLET_ISSUER_ID}.ticket-${ticket.id}-1`,
      ticketHolderName: 'Ada Byron',
      barcode: { value: moved.code },
    });

    // The browser learns that the button can be shown, and may open Google's page.
    expect(api.config.publicConfig).toMatchObject({ googleWallet: true });
    expect(api.config.publicConfig.allowedExternalOrigins).toContain('https://pay.google.com');
  });

  it('is refused for a ticket that no longer admits anyone, to anyone without the order, and where no issuer is set', async () => {
    const { order, organiser } = await paidOrder(api, 2);
    const [gone, kept] = order.tickets as [OrderView['tickets'][number], OrderView['tickets'][number]];
    const refunded = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [gone.id], reason: 'Asked to.' },
    });
    expect(refunded.statusCode).toBe(200);
    expect((await linkOf(api, order, gone.id)).statusCode).toBe(409);
    expect((await linkOf(api, order, kept.id, 'not-the-key')).statusCode).toBe(404);
    expect((await linkOf(api, order, randomUUID())).statusCode).toBe(404);

    const elsewhere = await paidOrder(bare);
    const unset = await linkOf(bare, elsewhere.order, elsewhere.order.tickets[0]?.id as string);
    expect(unset.statusCode).toBe(404);
    expect(bare.config.publicConfig.googleWallet).toBe(false);
  });

  it('needs all three settings, or none', () => {
    const { GOOGLE_WALLET_PRIVATE_KEY: _key, ...partial } = wallet.env;
    expect(() => loadConfig({ DATA_DIR: '/tmp', ...partial })).toThrow(/GOOGLE_WALLET_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: '/tmp', ...wallet.env, GOOGLE_WALLET_ISSUER_ID: 'issuer' })).toThrow(
      /GOOGLE_WALLET_ISSUER_ID/,
    );
  });
});
