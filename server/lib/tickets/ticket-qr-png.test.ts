import { describe, expect, it } from 'vitest';
import { generateEventKeyPair, signTicketCode } from '../../../src/contract/ticket-code.ts';
import { renderTicketQrPng, ticketQrMailAttachment } from './ticket-qr-png.ts';

describe('ticket QR as PNG', () => {
  it('renders a 424 px square PNG (45 modules + quiet zone, 8 px each) and an inline mail attachment', async () => {
    const { privateKey } = await generateEventKeyPair();
    const ticketId = crypto.randomUUID();
    const code = await signTicketCode(privateKey, {
      version: 1,
      ticketId,
      eventId: crypto.randomUUID(),
      ticketTypeId: crypto.randomUUID(),
      validFrom: new Date('2026-05-01T10:00:00Z'),
      validUntil: new Date('2026-06-21T04:00:00Z'),
    });
    const png = await renderTicketQrPng(code);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: width and height.
    expect(png.readUInt32BE(16)).toBe(424);
    expect(png.readUInt32BE(20)).toBe(424);
    expect(png.length).toBeLessThan(10_000);

    const attachment = await ticketQrMailAttachment(code, ticketId);
    expect(attachment).toMatchObject({
      filename: `ticket-${ticketId}.png`,
      contentType: 'image/png',
      cid: `ticket-${ticketId}@admit`,
    });
    expect(Buffer.from(attachment.content as Uint8Array).equals(png)).toBe(true);
  });
});
