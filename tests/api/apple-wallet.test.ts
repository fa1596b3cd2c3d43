import { createHash, randomUUID } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { Order } from '../../src/contract/orders.ts';
import { formatShortTicketCode } from '../../src/contract/short-ticket-code.ts';
import { testAppleWallet } from '../fixtures/apple-wallet.ts';
import { scanAtDoor } from '../fixtures/door.ts';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { jsonOf, opensslVerifies, passFiles, sha1, signatureParts, signatureVerifies } from '../fixtures/pkpass.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// A ticket as an Apple Wallet pass (issue 39, decision 072): a `.pkpass` unzipped as a phone would, its manifest checked
// file by file, its detached signature checked against the test WWDR certificate, and its QR code scanned at the door.

const wallet = testAppleWallet();
let api: TestApi;
let bare: TestApi;

beforeAll(async () => {
  [api, bare] = await Promise.all([createTestApi(wallet.env), createTestApi()]);
}, 60_000);
afterAll(() => Promise.all([api.close(), bare.close()]));

type Ticket = OrderView['tickets'][number];
let lines = 960;
/** A paid order on an event in test mode, so the door admits its TEST tickets. */
async function paidOrder(on: TestApi, quantity = 1) {
  const sale = await eventOnSale(on.app, on.database.db, { testMode: true });
  const typeId = (sale.types[0] as { id: string }).id;
  lines += 1;
  const order = await heldOrder(on.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity }]), {}, lineAddress(lines));
  expect((await paySandbox(on.app, order)).statusCode).toBe(200);
  const read = await on.app.inject({ method: 'GET', url: `/api/orders/${order.id}?token=${order.accessToken}` });
  return { order: { ...read.json().data, accessToken: order.accessToken } as OrderView & Pick<Order, 'event'>, ...sale };
}
const passOf = (
  on: TestApi,
  order: OrderView,
  ticketId: string,
  token: string | null = order.accessToken ?? null,
  headers = {},
) =>
  on.app.inject({
    method: 'GET',
    url: `/api/orders/${order.id}/tickets/${ticketId}/apple-wallet.pkpass${token ? `?token=${token}` : ''}`,
    headers,
  });

interface PassJson {
  serialNumber: string;
  barcodes: { format: string; message: string; messageEncoding: string; altText?: string }[];
  eventTicket: Record<string, { key: string; label: string; value: string }[]>;
  [field: string]: unknown;
}
const fieldValues = (pass: PassJson) =>
  Object.fromEntries(Object.values(pass.eventTicket).flatMap((fields) => fields.map((field) => [field.key, field.value])));

describe('Apple Wallet', () => {
  it('downloads a signed pass whose manifest and signature hold, carrying the code the door admits', async () => {
    const { order, event, organiser } = await paidOrder(api);
    const [ticket] = order.tickets as [Ticket];
    const response = await passOf(api, order, ticket.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="admit-ticket-.+\.pkpass"$/);
    expect(response.headers['cache-control']).toContain('no-store');

    const files = passFiles(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual([
      'icon.png',
      'icon@2x.png',
      'icon@3x.png',
      'manifest.json',
      'pass.json',
      'signature',
    ]);
    const pass = jsonOf<PassJson>(files['pass.json']);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.com.example.admit',
      teamIdentifier: 'A1B2C3D4E5',
      serialNumber: `${ticket.id}-0`,
      organizationName: 'Admit',
      relevantDate: new Date(order.event.startsAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      barcodes: [
        {
          format: 'PKBarcodeFormatQR',
          message: ticket.code,
          messageEncoding: 'iso-8859-1',
          altText: formatShortTicketCode(ticket.shortCode as string),
        },
      ],
    });
    expect(fieldValues(pass)).toMatchObject({
      event: event.title,
      holder: ticket.holderName,
      type: ticket.typeName,
      order: order.reference,
      // On the event's clock, its zone named, as the PDF prints it.
      when: expect.stringMatching(/\d{2}:\d{2} \(.+\)$/),
    });
    // A TEST order's pass says so where the event's name is.
    expect(pass.eventTicket.primaryFields?.[0]).toMatchObject({ label: 'TEST — not valid for entry', value: event.title });
    expect(await scanAtDoor(api.app, event.id, organiser.bearer, pass.barcodes[0]?.message as string)).toBe('valid');

    // Every other file, hashed in the manifest; nothing more, nothing less.
    const manifest = jsonOf<Record<string, string>>(files['manifest.json']);
    const others = Object.entries(files).filter(([name]) => name !== 'manifest.json' && name !== 'signature');
    expect(manifest).toEqual(Object.fromEntries(others.map(([name, bytes]) => [name, sha1(bytes)])));

    // A detached SignedData over the manifest, by the pass certificate, with Apple's intermediate beside it.
    const signature = signatureParts(files.signature as Uint8Array);
    expect(signature.contentType).toBe(forge.pki.oids.signedData);
    expect(signature.detached).toBe(true);
    expect(signature.signerCount).toBe(1);
    expect(signature.digestAlgorithm).toBe(forge.pki.oids.sha256);
    const pems = signature.certificates.map((cert) => forge.pki.certificateToPem(cert).replace(/\r/g, ''));
    expect(pems.sort()).toEqual([wallet.passCertificate, wallet.wwdrCertificate].map((pem) => pem.replace(/\r/g, '')).sort());
    expect(
      signature.messageDigest.equals(
        createHash('sha256')
          .update(files['manifest.json'] as Uint8Array)
          .digest(),
      ),
    ).toBe(true);
    expect(signature.signingTime).toBeDefined();
    expect(signatureVerifies(signature, wallet.passCertificate)).toBe(true);
    expect(signatureVerifies(signature, wallet.wwdrCertificate)).toBe(false);
    const openssl = opensslVerifies(files, wallet.wwdrCertificate);
    if (openssl) expect(openssl.ok, openssl.output).toBe(true);
    // A manifest changed after signing no longer matches.
    const tampered = { ...files, 'manifest.json': new TextEncoder().encode('{}') };
    if (openssl) expect(opensslVerifies(tampered, wallet.wwdrCertificate)?.ok).toBe(false);

    // The organisation's order readers may hand it to a guest; the browser learns the button can be shown.
    expect((await passOf(api, order, ticket.id, null, organiser.bearer)).statusCode).toBe(200);
    expect(api.config.publicConfig).toMatchObject({ appleWallet: true });
  });

  it('gives a ticket passed on a new pass with the new code, while the old pass stops at the door', async () => {
    const { order, event, organiser } = await paidOrder(api);
    const [ticket] = order.tickets as [Ticket];
    const before = jsonOf<PassJson>(passFiles((await passOf(api, order, ticket.id)).rawPayload)['pass.json']);
    const passed = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/tickets/${ticket.id}/transfer?token=${order.accessToken}`,
      payload: { holderName: 'Ada Byron', holderEmail: 'ada@example.com', version: 0 },
    });
    expect(passed.statusCode, passed.body).toBe(200);
    const moved = passed.json().data.tickets[0] as Ticket;
    const after = jsonOf<PassJson>(passFiles((await passOf(api, order, ticket.id)).rawPayload)['pass.json']);
    expect(after.serialNumber).toBe(`${ticket.id}-1`);
    expect(after.barcodes[0]?.message).toBe(moved.code);
    expect(fieldValues(after).holder).toBe('Ada Byron');
    expect(await scanAtDoor(api.app, event.id, organiser.bearer, before.barcodes[0]?.message as string)).toBe('voided');
    expect(await scanAtDoor(api.app, event.id, organiser.bearer, after.barcodes[0]?.message as string)).toBe('valid');
  });

  it('is refused for a ticket that no longer admits anyone, to anyone without the order, and where it is not set up', async () => {
    const { order, organiser } = await paidOrder(api, 2);
    const [gone, kept] = order.tickets as [Ticket, Ticket];
    const refunded = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [gone.id], reason: 'Asked to.' },
    });
    expect(refunded.statusCode).toBe(200);
    const voided = await passOf(api, order, gone.id);
    expect(voided.statusCode).toBe(409);
    expect(voided.json().message).toBe('This ticket no longer admits anyone.');
    expect((await passOf(api, order, kept.id, 'not-the-key')).statusCode).toBe(404);
    expect((await passOf(api, order, kept.id, null)).statusCode).toBe(404);
    expect((await passOf(api, order, randomUUID())).statusCode).toBe(404);
    // Another buyer's key opens only their own order.
    const other = await paidOrder(api);
    expect((await passOf(api, order, kept.id, other.order.accessToken)).statusCode).toBe(404);
    expect((await passOf(api, other.order, kept.id)).statusCode).toBe(404);

    const elsewhere = await paidOrder(bare);
    const unset = await passOf(bare, elsewhere.order, elsewhere.order.tickets[0]?.id as string);
    expect(unset.statusCode).toBe(404);
    expect(unset.json().message).toMatch(/Apple Wallet/);
    expect(bare.config.publicConfig.appleWallet).toBe(false);
  });

  it('needs all five settings, or none, and a key and intermediate that belong to the certificate', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/tmp', JWT_SECRET: 'x'.repeat(32), ...env });
    const { APPLE_WALLET_WWDR_CERTIFICATE: _wwdr, ...partial } = wallet.env;
    expect(load(partial)).toThrow(/APPLE_WALLET_WWDR_CERTIFICATE: is required with the other APPLE_WALLET_ settings/);
    expect(load({ ...wallet.env, APPLE_WALLET_PRIVATE_KEY: wallet.otherKey })).toThrow(
      /APPLE_WALLET_PRIVATE_KEY: is not the key of APPLE_WALLET_CERTIFICATE/,
    );
    expect(load({ ...wallet.env, APPLE_WALLET_WWDR_CERTIFICATE: wallet.otherWwdrCertificate })).toThrow(
      /APPLE_WALLET_WWDR_CERTIFICATE: did not issue APPLE_WALLET_CERTIFICATE/,
    );
    expect(load({ ...wallet.env, APPLE_WALLET_CERTIFICATE: 'not a certificate' })).toThrow(/APPLE_WALLET_CERTIFICATE: must be/);
    expect(load({ ...wallet.env, APPLE_WALLET_TEAM_ID: 'a1b2c3' })).toThrow(/APPLE_WALLET_TEAM_ID/);
    expect(load({ ...wallet.env, APPLE_WALLET_PASS_TYPE_ID: 'com.example.admit' })).toThrow(/APPLE_WALLET_PASS_TYPE_ID/);
    const loaded = load(wallet.env)().appleWallet;
    expect(loaded).toMatchObject({ passTypeId: 'pass.com.example.admit', teamId: 'A1B2C3D4E5' });
    // `\n` written for the key's line breaks is read as line breaks.
    expect(loaded?.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n$/);
  });
});
