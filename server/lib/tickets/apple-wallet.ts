/**
 * Apple Wallet passes (issue 39, decision 072): a `.pkpass` is a ZIP of `pass.json`, its images, `manifest.json` (the
 * SHA-1 of every other file) and `signature` (the manifest signed with the operator's Pass Type ID certificate). The
 * pass carries the QR code the door reads. Loaded with the first pass asked for, not with the server.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { AppleWalletConfig } from './apple-wallet-settings.ts';
import { signManifest } from './apple-wallet-signature.ts';
import type { WalletTicket } from './wallet-ticket.ts';

/** Admit's icon (public/icons/icon.svg) at the sizes Wallet shows in notifications and on the lock screen. */
const icons = Object.fromEntries(
  ['icon.png', 'icon@2x.png', 'icon@3x.png'].map((name) => [
    name,
    new Uint8Array(readFileSync(join(import.meta.dirname, 'apple-wallet-assets', name))),
  ]),
);

/** Wallet reads dates as W3C dates: no fractions of a second. */
const w3cDate = (at: string) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The pass's content: the front shows the event, when and where, whose and what ticket; the back the rest. */
function passJson(config: AppleWalletConfig, ticket: WalletTicket) {
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    // A ticket passed on is another pass: the old one keeps the old code, which the door refuses.
    serialNumber: `${ticket.ticketId}-${ticket.version}`,
    organizationName: 'Admit',
    description: `Ticket for ${ticket.eventTitle}`,
    logoText: 'Admit',
    // The app's indigo (#4f46e5) with white text, as its icon.
    backgroundColor: 'rgb(79, 70, 229)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(224, 231, 255)',
    relevantDate: w3cDate(ticket.startsAt),
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: ticket.code,
        messageEncoding: 'iso-8859-1',
        ...(ticket.shortCode ? { altText: ticket.shortCode } : {}),
      },
    ],
    // Wallet fits four secondary and auxiliary fields together: the start gets a row of its own, being long.
    eventTicket: {
      headerFields: [{ key: 'order', label: 'Order', value: ticket.orderReference }],
      primaryFields: [{ key: 'event', label: ticket.test ? 'TEST — not valid for entry' : 'Event', value: ticket.eventTitle }],
      secondaryFields: [{ key: 'when', label: 'When', value: ticket.when }],
      auxiliaryFields: [
        { key: 'where', label: 'Where', value: ticket.venueName ?? 'Online' },
        { key: 'holder', label: 'Holder', value: ticket.holderName },
        { key: 'type', label: 'Ticket', value: ticket.typeName },
      ],
      backFields: [
        ...(ticket.shortCode
          ? [{ key: 'short-code', label: 'Code the door can type if the QR code will not scan', value: ticket.shortCode }]
          : []),
        ...(ticket.address ? [{ key: 'address', label: 'Address', value: ticket.address }] : []),
        ...(ticket.test ? [{ key: 'test', label: 'TEST order', value: 'Paid in the payment sandbox: no money was taken.' }] : []),
      ],
    },
  };
}

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/** The signed `.pkpass` for one valid ticket. */
export function appleWalletPass(config: AppleWalletConfig, ticket: WalletTicket): Buffer {
  const files: Record<string, Uint8Array> = {
    'pass.json': new TextEncoder().encode(JSON.stringify(passJson(config, ticket))),
    ...icons,
  };
  const manifest = new TextEncoder().encode(
    JSON.stringify(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, sha1(bytes)]))),
  );
  return Buffer.from(zipSync({ ...files, 'manifest.json': manifest, signature: signManifest(config, manifest) }));
}
