/**
 * A ticket's QR code as SVG, for pages (the attendee's tickets, the success page). Separate from
 * ./ticket-code.ts so the door scanner, which only verifies, does not bundle a QR encoder.
 * Error-correction level M, as the code format is sized for (version 7 at most).
 */
import QRCode from 'qrcode';

export type TicketQrOptions = {
  /** Quiet zone in modules; the standard asks for 4. */
  margin?: number;
  /** Accessible name of the image. */
  label?: string;
  dark?: string;
  light?: string;
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An `<svg>` string that scales to its container (no width or height; `viewBox` in modules), one path of
 * horizontal runs, crisp edges, black on white by default for the contrast scanners need.
 */
export function ticketQrSvg(code: string, options: TicketQrOptions = {}): string {
  const { margin = 4, label = 'Ticket QR code', dark = '#000', light = '#fff' } = options;
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const full = size + margin * 2;
  let d = '';
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(y, x)) x++;
      d += `M${start + margin} ${y + margin}h${x - start}v1h${start - x}z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges" role="img" aria-label="${escapeXml(label)}">` +
    `<path fill="${escapeXml(light)}" d="M0 0h${full}v${full}H0z"/>` +
    `<path fill="${escapeXml(dark)}" d="${d}"/></svg>`
  );
}

/** The same SVG as a `data:` URL for an `<img src>` (cacheable with the page, works offline). */
export function ticketQrSvgDataUrl(code: string, options: TicketQrOptions = {}): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticketQrSvg(code, options))}`;
}
