/**
 * A ticket's QR code as a PNG, for the confirmation email (mail clients do not show SVG or data URLs reliably).
 * Node only; the browser renders with src/lib/tickets/ticket-qr.ts.
 */
import QRCode from 'qrcode';
import type { MailAttachment } from '../mail/outbox.ts';

export type TicketQrPngOptions = {
  /** Pixels per module: 8 gives a 424 px square at version 7, sharp on phones and printers. */
  scale?: number;
  /** Quiet zone in modules; the standard asks for 4. */
  margin?: number;
};

export function renderTicketQrPng(code: string, options: TicketQrPngOptions = {}): Promise<Buffer> {
  const { scale = 8, margin = 4 } = options;
  return QRCode.toBuffer(code, {
    type: 'png',
    errorCorrectionLevel: 'M',
    scale,
    margin,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}

/** The PNG as an inline email attachment; the HTML shows it with `<img src="cid:${cid}">`. */
export async function ticketQrMailAttachment(
  code: string,
  ticketId: string,
  options: TicketQrPngOptions = {},
): Promise<MailAttachment & { cid: string }> {
  return {
    filename: `ticket-${ticketId}.png`,
    contentType: 'image/png',
    content: await renderTicketQrPng(code, options),
    cid: `ticket-${ticketId}@admit`,
  };
}
