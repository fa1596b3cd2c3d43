/**
 * Tickets as a PDF, one A4 page each: the event, when (on the event's clock) and where, the holder, the ticket type,
 * the order, the QR code the door reads and the short code it can type. Black on white with no tints, so a page
 * printed in black and white reads as it does on a screen. DejaVu Sans, embedded as a subset, prints any name.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { renderTicketQrPng } from './ticket-qr-png.ts';

export interface PdfTicket {
  eventTitle: string;
  /** The start, written on the event's clock, with the zone named. */
  when: string;
  where: string;
  holderName: string;
  typeName: string;
  orderReference: string;
  /** "Ticket 1 of 3". */
  position: string;
  code: string;
  /** As the door reads it out (`K7Q-MX4-PDR`); null for tickets issued before short codes. */
  shortCode: string | null;
  /** Paid in the payment sandbox: not valid for entry unless the event is in test mode. */
  test: boolean;
}

const require = createRequire(import.meta.url);
let fonts: Promise<[Uint8Array, Uint8Array]> | null = null;
const fontBytes = () => {
  fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]);
  return fonts;
};

const A4 = [595.28, 841.89] as const;
const margin = 56;
const black = rgb(0, 0, 0);
const grey = rgb(0.25, 0.25, 0.25);

/** The lines `text` takes at `size` within `width`, breaking between words (and inside a word too long for a line). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes wrapped text from `y` down; answers where the next line starts. */
function write(page: PDFPage, text: string, at: { y: number; font: PDFFont; size: number; color?: typeof black }): number {
  let y = at.y;
  for (const line of wrap(text, at.font, at.size, A4[0] - 2 * margin)) {
    page.drawText(line, { x: margin, y: y - at.size, size: at.size, font: at.font, color: at.color ?? black });
    y -= at.size * 1.3;
  }
  return y;
}

/** Tickets as one PDF, a page each, in the order given. */
export async function ticketsPdf(tickets: PdfTicket[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(title);
  pdf.setCreator('Admit');
  pdf.setProducer('Admit');
  const [regularBytes, boldBytes] = await fontBytes();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  for (const ticket of tickets) {
    const page = pdf.addPage([...A4]);
    let y = A4[1] - margin;
    y = write(page, `${ticket.position} · order ${ticket.orderReference}`, { y, font: regular, size: 11, color: grey });
    y = write(page, ticket.eventTitle, { y: y - 4, font: bold, size: 24 });
    if (ticket.test) {
      const text = 'TEST TICKET: paid in the payment sandbox, not valid for entry';
      page.drawRectangle({ x: margin, y: y - 34, width: A4[0] - 2 * margin, height: 30, borderColor: black, borderWidth: 3 });
      page.drawText(text, { x: margin + 12, y: y - 24, size: 12, font: bold, color: black });
      y -= 44;
    }
    // The QR code at 8 pixels a module, drawn 230 points wide: about 2 mm a module on paper, as door scanners like.
    const qr = await pdf.embedPng(await renderTicketQrPng(ticket.code));
    const side = 230;
    page.drawImage(qr, { x: (A4[0] - side) / 2, y: y - 12 - side, width: side, height: side });
    y -= 12 + side + 8;
    if (ticket.shortCode) {
      const label = `Code ${ticket.shortCode}`;
      const width = bold.widthOfTextAtSize(label, 22);
      page.drawText(label, { x: (A4[0] - width) / 2, y: y - 22, size: 22, font: bold, color: black });
      const hint = 'The door can type this code if the QR code will not scan.';
      const hintWidth = regular.widthOfTextAtSize(hint, 10);
      page.drawText(hint, { x: (A4[0] - hintWidth) / 2, y: y - 38, size: 10, font: regular, color: grey });
      y -= 56;
    }
    for (const [label, value] of [
      ['Name', ticket.holderName],
      ['Ticket', ticket.typeName],
      ['When', ticket.when],
      ['Where', ticket.where],
    ] as const) {
      y = write(page, label.toUpperCase(), { y: y - 6, font: regular, size: 9, color: grey });
      y = write(page, value, { y, font: bold, size: label === 'Name' ? 18 : 13 });
    }
    page.drawLine({
      start: { x: margin, y: margin + 40 },
      end: { x: A4[0] - margin, y: margin + 40 },
      color: black,
      thickness: 0.5,
    });
    write(
      page,
      'Show this page, printed or on a screen, at the door. The QR code lets one person in once; a ticket passed on or cancelled no longer works.',
      { y: margin + 32, font: regular, size: 9, color: grey },
    );
  }
  return pdf.save();
}
