/**
 * Measures ticket codes: text length, QR version, sign and verify time per ticket in Node, and verify time
 * in real Chromium (plain and with 4× CPU throttling, as the door figures ask).
 *
 *   node server/lib/tickets/measure-ticket-codes.ts [tickets=2000] [--no-browser]
 *
 * Sequential awaits, one ticket at a time (what a door does); keys imported once before timing, as the
 * module caches them. Chromium: CHROMIUM_PATH or /usr/bin/chromium, the module served as type-stripped ES modules.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import {
  decodeTicketCode,
  generateEventKeyPair,
  signTicketCode,
  type TicketPayload,
  verifyTicketCode,
} from '../../../src/contract/ticket-code.ts';

const count = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 2000);
const withBrowser = !process.argv.includes('--no-browser');

type Stats = { median: number; p95: number; mean: number };
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { median: at(0.5), p95: at(0.95), mean: samples.reduce((s, x) => s + x, 0) / samples.length };
}
const us = (s: Stats) =>
  `median ${(s.median * 1000).toFixed(0)} µs, p95 ${(s.p95 * 1000).toFixed(0)} µs, mean ${(s.mean * 1000).toFixed(0)} µs`;

const print = (line: string) => process.stdout.write(`${line}\n`);

const randomPayload = (): TicketPayload => {
  const from = 1_780_000_000 + Math.floor(Math.random() * 10_000_000);
  return {
    version: 1,
    ticketId: crypto.randomUUID(),
    eventId: crypto.randomUUID(),
    ticketTypeId: crypto.randomUUID(),
    validFrom: new Date(from * 1000),
    validUntil: new Date((from + Math.floor(Math.random() * 30_000_000)) * 1000),
  };
};

const keys = await generateEventKeyPair();
const others = await Promise.all([generateEventKeyPair(), generateEventKeyPair()]);
await verifyTicketCode(await signTicketCode(keys.privateKey, randomPayload()), [
  keys.publicKey,
  ...others.map((k) => k.publicKey),
]);

const keygen: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await generateEventKeyPair();
  keygen.push(performance.now() - t);
}

const codes: string[] = [];
const sign: number[] = [];
for (let i = 0; i < count; i++) {
  const payload = randomPayload();
  const t = performance.now();
  codes.push(await signTicketCode(keys.privateKey, payload));
  sign.push(performance.now() - t);
}

const verify: number[] = [];
const verifyRotated: number[] = [];
const decode: number[] = [];
const rotated = [...others.map((k) => k.publicKey), keys.publicKey];
let rejected = 0;
for (const code of codes) {
  let t = performance.now();
  const ok = (await verifyTicketCode(code, [keys.publicKey])).ok;
  verify.push(performance.now() - t);
  t = performance.now();
  await verifyTicketCode(code, rotated);
  verifyRotated.push(performance.now() - t);
  t = performance.now();
  decodeTicketCode(code);
  decode.push(performance.now() - t);
  if (!ok) rejected++;
}

const lengths = new Set(codes.map((c) => c.length));
const versions = codes.map((c) => QRCode.create(c, { errorCorrectionLevel: 'M' }).version);

print(`Ticket codes, ${count} random tickets, Node ${process.version}`);
print(`  code length: ${[...lengths].join(', ')} characters (QR alphanumeric), e.g. ${codes[0]}`);
print(`  QR version at level M: min ${Math.min(...versions)}, max ${Math.max(...versions)} (45×45 modules)`);
print(`  key pair:        ${us(stats(keygen))}`);
print(`  sign:            ${us(stats(sign))}`);
print(`  verify (1 key):  ${us(stats(verify))}${rejected ? `  REJECTED ${rejected}` : ''}`);
print(`  verify (3 keys, right one last): ${us(stats(verifyRotated))}`);
print(`  decode only:     ${us(stats(decode))}`);

if (withBrowser) {
  const { chromium } = await import('@playwright/test');
  const dir = fileURLToPath(new URL('../../../src/lib/tickets/', import.meta.url));
  const { stripTypeScriptTypes } = await import('node:module');
  const js = (file: string) => stripTypeScriptTypes(readFileSync(dir + file, 'utf8'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    await page.route('http://localhost:4179/**', (route) => {
      const path = new URL(route.request().url()).pathname.slice(1);
      if (path.endsWith('.ts')) return route.fulfill({ contentType: 'text/javascript', body: js(path) });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>ticket codes</title>' });
    });
    await page.goto('http://localhost:4179/');
    const browserRun = (throttled: boolean) =>
      page.evaluate(
        async ({ codes, keys, url }) => {
          const m = await import(url);
          await m.verifyTicketCode(codes[0], keys);
          const times: number[] = [];
          let rejected = 0;
          const start = performance.now();
          for (const code of codes) {
            const t = performance.now();
            if (!(await m.verifyTicketCode(code, keys)).ok) rejected++;
            times.push(performance.now() - t);
          }
          const perTicket = (performance.now() - start) / codes.length;
          return { times, perTicket, rejected, userAgent: navigator.userAgent };
        },
        { codes: codes.slice(0, throttled ? 500 : count), keys: [keys.publicKey], url: '/ticket-code.ts' },
      );
    const plain = await browserRun(false);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slow = await browserRun(true);
    const version = /Chrome\/([\d.]+)/.exec(plain.userAgent)?.[1] ?? '?';
    // Chromium rounds performance.now() to 0.1 ms outside cross-origin isolation: the whole loop's mean is exact.
    const line = (r: typeof plain) =>
      `mean ${(r.perTicket * 1000).toFixed(0)} µs (whole loop), median ${(stats(r.times).median * 1000).toFixed(0)} µs, p95 ${(stats(r.times).p95 * 1000).toFixed(0)} µs (0.1 ms clock)${r.rejected ? `  REJECTED ${r.rejected}` : ''}`;
    print(`  Chromium ${version} verify (1 key): ${line(plain)}`);
    print(`  Chromium, 4× CPU throttling:   ${line(slow)}`);
  } finally {
    await browser.close();
  }
}
