import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { generateEventKeyPair, signTicketCode } from '../../contract/ticket-code.ts';
import { ticketQrSvg, ticketQrSvgDataUrl } from './ticket-qr.ts';

const signedCode = async () => {
  const { privateKey } = await generateEventKeyPair();
  return signTicketCode(privateKey, {
    version: 1,
    ticketId: crypto.randomUUID(),
    eventId: crypto.randomUUID(),
    ticketTypeId: crypto.randomUUID(),
    validFrom: new Date('2026-05-01T10:00:00Z'),
    validUntil: new Date('2026-06-21T04:00:00Z'),
  });
};

/** Reads the dark modules back out of the SVG path, to compare with the encoder's matrix. */
function modulesOf(svg: string, margin: number): Set<string> {
  const d = /<path fill="#000" d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i++) dark.add(`${Number(x) + i - margin},${Number(y) - margin}`);
  }
  return dark;
}

describe('ticketQrSvg', () => {
  it('draws exactly the modules of the level-M QR code, with a 4-module quiet zone', async () => {
    const code = await signedCode();
    const svg = ticketQrSvg(code);
    const qr = QRCode.create(code, { errorCorrectionLevel: 'M' });
    const size = qr.modules.size;
    expect(qr.version).toBe(7);
    expect(size).toBe(45);
    expect(svg).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    expect(svg).toContain('role="img"');
    const expected = new Set<string>();
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (qr.modules.get(y, x)) expected.add(`${x},${y}`);
    expect(modulesOf(svg, 4)).toEqual(expected);
    // Small enough to inline for every ticket on a page.
    expect(svg.length).toBeLessThan(12_000);
  });

  it('escapes the label and makes a data URL', async () => {
    const code = await signedCode();
    expect(ticketQrSvg(code, { label: 'Ann "A" <VIP>' })).toContain('aria-label="Ann &#34;A&#34; &#60;VIP&#62;"');
    const url = ticketQrSvgDataUrl(code);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(ticketQrSvg(code));
  });
});
