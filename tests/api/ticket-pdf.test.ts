import { randomUUID } from 'node:crypto';
import jsQR from 'jsqr';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// An order's tickets as a PDF, a page each (issue 39): opened as a reader would, and each page's QR code decoded back
// to the code the door reads.

let api: TestApi;
const db = () => api.database.db;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const pdfOf = (order: OrderView, token: string | null | undefined = order.accessToken, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'GET', url: `/api/orders/${order.id}/tickets.pdf${token ? `?token=${token}` : ''}`, headers });

/** The text each page's QR code carries, read from the images the PDF holds. */
async function qrCodesIn(bytes: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const codes: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const { dict } = object;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image') || dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB'))
      continue;
    const width = Number(dict.get(PDFName.of('Width'))?.toString());
    const height = Number(dict.get(PDFName.of('Height'))?.toString());
    const rgb = decodePDFRawStream(object).decode();
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      rgba.set([rgb[pixel * 3] ?? 0, rgb[pixel * 3 + 1] ?? 0, rgb[pixel * 3 + 2] ?? 0, 255], pixel * 4);
    }
    const found = jsQR(rgba, width, height);
    if (found) codes.push(found.data);
  }
  return codes;
}

let lines = 800;
async function paidOrder(quantity: number) {
  const sale = await eventOnSale(api.app, db(), { testMode: true });
  const typeId = (sale.types[0] as { id: string }).id;
  lines += 1;
  const order = await heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity }]), {}, lineAddress(lines));
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  const read = await api.app.inject({ method: 'GET', url: `/api/orders/${order.id}?token=${order.accessToken}` });
  return { order: { ...read.json().data, accessToken: order.accessToken } as OrderView, ...sale };
}

describe('tickets as a PDF', () => {
  it('gives a page to each ticket of a 3-ticket order, whose QR code reads back as the ticket’s code', async () => {
    const { order, organiser } = await paidOrder(3);
    // Any holder's name prints: Latin, Greek and Cyrillic from the embedded font; a script it lacks does not fail.
    const renamed = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/tickets/${order.tickets[0]?.id}/holder-name?token=${order.accessToken}`,
      payload: { holderName: 'Zoë Łukasz-Дмитрий Σοφία 李雷', version: 0 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const response = await pdfOf(order);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="admit-tickets-${order.reference}.pdf"`);
    expect(response.headers['cache-control']).toContain('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getTitle()).toBe(`Tickets for ${'Late Night Jazz at the Docks'} (${order.reference})`);
    expect((await qrCodesIn(bytes)).sort()).toEqual(order.tickets.map((ticket) => ticket.code).sort());

    // The confirmation mail links to it with the order's key.
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('subject', 'like', `%Your tickets for %(${order.reference})`)
      .executeTakeFirstOrThrow();
    const link = /Your tickets as a PDF, to print: (\S+)/.exec(mail.text_body)?.[1] ?? '';
    const fromMail = await api.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(fromMail.statusCode).toBe(200);
    expect(fromMail.headers['content-type']).toBe('application/pdf');

    // The organisation's order readers may print them for a guest; nobody else finds the order.
    expect((await pdfOf(order, null, organiser.bearer)).statusCode).toBe(200);
    expect((await pdfOf(order, null)).statusCode).toBe(404);
    const other = await paidOrder(1);
    expect((await pdfOf(order, other.order.accessToken)).statusCode).toBe(404);
  });

  it('leaves out cancelled tickets, and answers an order with none valid in words', async () => {
    const { order, organiser } = await paidOrder(2);
    const [gone, kept] = order.tickets as [OrderView['tickets'][number], OrderView['tickets'][number]];
    const refund = (ticketIds: string[]) =>
      api.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refunds`,
        headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
        payload: { ticketIds, reason: 'Asked to.' },
      });
    expect((await refund([gone.id])).statusCode).toBe(200);
    const one = await pdfOf(order);
    expect(await qrCodesIn(one.rawPayload)).toEqual([kept.code]);
    expect((await refund([kept.id])).statusCode).toBe(200);
    const none = await pdfOf(order);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This order has no valid tickets to print.');
  });
});
