import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import fc from 'fast-check';
import QRCode from 'qrcode';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  canVerifyTicketCodes,
  decodeTicketCode,
  generateEventKeyPair,
  looksLikeTicketCode,
  normalizeTicketCode,
  signTicketCode,
  TICKET_CODE_LENGTH,
  TICKET_CODE_PREFIX,
  type TicketKeyPair,
  type TicketPayload,
  ticketValidityAt,
  verifyTicketCode,
} from './ticket-code.ts';
import {
  BODY_BYTES,
  BODY_CHARS,
  decodeBody,
  encodeBody,
  fromBase64Url,
  RADIX45_ALPHABET,
  toBase64Url,
} from './ticket-code-encoding.ts';

const qrVersion = (text: string) => QRCode.create(text, { errorCorrectionLevel: 'M' }).version;

const payload = (overrides: Partial<TicketPayload> = {}): TicketPayload => ({
  version: 1,
  ticketId: '7d6a4f0e-2c1b-4e8a-9f3d-5b6c7d8e9f01',
  eventId: '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b',
  ticketTypeId: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
  validFrom: new Date('2026-05-01T10:00:00Z'),
  validUntil: new Date('2026-06-21T04:00:00Z'),
  ...overrides,
});

/** The 120 bytes a code carries (56 payload bytes and the signature), read back from its text. */
const bodyOf = (code: string) => decodeBody(code.slice(TICKET_CODE_PREFIX.length)) as Uint8Array;
const codeOf = (body: Uint8Array) => TICKET_CODE_PREFIX + encodeBody(body);

let keys: TicketKeyPair;
let otherEvent: TicketKeyPair;
let code: string;

beforeAll(async () => {
  [keys, otherEvent] = await Promise.all([generateEventKeyPair(), generateEventKeyPair()]);
  code = await signTicketCode(keys.privateKey, payload());
});

describe('event key pairs', () => {
  it('are base64url: a 32-byte raw public key and a PKCS #8 private key', async () => {
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fromBase64Url(keys.publicKey)).toHaveLength(32);
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(keys.privateKey).not.toBe(otherEvent.privateKey);
  });
});

describe('signTicketCode and verifyTicketCode', () => {
  it('round-trips the payload, times in whole seconds, ids in lowercase', async () => {
    const upper = payload({
      ticketId: '7D6A4F0E-2C1B-4E8A-9F3D-5B6C7D8E9F01',
      validFrom: new Date('2026-05-01T10:00:00.900Z'),
      validUntil: new Date('2026-06-21T04:00:00.100Z'),
    });
    const verdict = await verifyTicketCode(await signTicketCode(keys.privateKey, upper), [keys.publicKey]);
    expect(verdict).toEqual({
      ok: true,
      payload: {
        ...payload(),
        // validFrom rounds down and validUntil up, so the window never shrinks.
        validFrom: new Date('2026-05-01T10:00:00Z'),
        validUntil: new Date('2026-06-21T04:00:01Z'),
      },
    });
  });

  it('writes 178 characters of the QR alphanumeric alphabet after the prefix', () => {
    expect(code).toHaveLength(TICKET_CODE_LENGTH);
    expect(TICKET_CODE_LENGTH).toBe(178);
    expect(code.startsWith('AD1')).toBe(true);
    expect(code).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
    expect(code).toBe(code.trim());
  });

  it('keeps the exact format: a known key and payload give a known code', async () => {
    const seed = Uint8Array.from({ length: 32 }, (_, i) => i);
    const pkcs8Header = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];
    const privateKey = toBase64Url(Uint8Array.from([...pkcs8Header, ...seed]));
    const known = await signTicketCode(privateKey, {
      version: 1,
      ticketId: '0191f0c2-7a3b-7c4d-8e5f-000000000001',
      eventId: '0191f0c2-7a3b-7c4d-8e5f-0000000000e1',
      ticketTypeId: '0191f0c2-7a3b-7c4d-8e5f-0000000000a1',
      validFrom: new Date('2026-06-01T00:00:00Z'),
      validUntil: new Date('2026-06-02T04:00:00Z'),
    });
    expect(known).toBe(
      'AD1P$9J.W+V9F9X6XNAZ5Q2 33O7:.S8I1/KO+XB1PU*.06D34EVP231MQ40P2G7$II-3VZXN.MD0K*Z$7MT6E8A6R RZZ5%TW5.F*/VC3UAU%0V2J %B1KCC949614DHA.FWS.3O3NRS7 VT9/0CC.$E+GZ///9B/UY7DLUWCE66UI+50',
    );
    expect((await verifyTicketCode(known, ['A6EHv_POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg'])).ok).toBe(true);
  });

  it('signs the documented 57-byte message with standard Ed25519 (checked by node:crypto)', () => {
    const decoded = decodeTicketCode(code);
    if (!decoded.ok) throw new Error('not decoded');
    const message = decoded.signedMessage;
    expect(message).toHaveLength(57);
    expect(message[0]).toBe(1);
    expect(Buffer.from(message.subarray(1, 17)).toString('hex')).toBe(payload().ticketId.replace(/-/g, ''));
    expect(Buffer.from(message.subarray(17, 33)).toString('hex')).toBe(payload().eventId.replace(/-/g, ''));
    expect(Buffer.from(message.subarray(33, 49)).toString('hex')).toBe(payload().ticketTypeId.replace(/-/g, ''));
    expect(Buffer.from(message).readUInt32BE(49)).toBe(Date.parse('2026-05-01T10:00:00Z') / 1000);
    expect(Buffer.from(message).readUInt32BE(53)).toBe(Date.parse('2026-06-21T04:00:00Z') / 1000);
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: keys.publicKey }, format: 'jwk' });
    expect(nodeVerify(null, message, publicKey, decoded.signature)).toBe(true);
  });

  it('accepts any of several keys (rotation) and rejects a code signed by another event', async () => {
    expect((await verifyTicketCode(code, [otherEvent.publicKey, keys.publicKey])).ok).toBe(true);
    expect(await verifyTicketCode(code, [otherEvent.publicKey])).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyTicketCode(code, [])).toEqual({ ok: false, reason: 'forged' });
  });

  it('skips keys that are not keys instead of throwing', async () => {
    const junk = ['', 'not base64!', 'AAAA', keys.privateKey, '_'.repeat(43)];
    expect(await verifyTicketCode(code, junk)).toEqual({ ok: false, reason: 'forged' });
    expect((await verifyTicketCode(code, [...junk, keys.publicKey])).ok).toBe(true);
    expect(await verifyTicketCode(code, null as unknown as string[])).toEqual({ ok: false, reason: 'forged' });
  });

  it('rejects every single-bit change of the carried bytes as forged', async () => {
    const body = bodyOf(code);
    for (let bit = 0; bit < BODY_BYTES * 8; bit++) {
      const altered = body.slice();
      altered[bit >> 3] = (altered[bit >> 3] as number) ^ (1 << (bit & 7));
      const verdict = await verifyTicketCode(codeOf(altered), [keys.publicKey]);
      expect(verdict.ok, `bit ${bit}`).toBe(false);
    }
  });

  it('rejects every changed character: forged when still well formed, malformed otherwise', async () => {
    for (let i = 0; i < code.length; i++) {
      for (const c of RADIX45_ALPHABET) {
        if (c === code[i]) continue;
        const altered = code.slice(0, i) + c + code.slice(i + 1);
        const verdict = await verifyTicketCode(altered, [keys.publicKey]);
        expect(verdict.ok, `${i}:${c}`).toBe(false);
        // Well formed but not what was signed: forged. Otherwise (prefix, a number over 960 bits, a window
        // that ends before it starts): malformed.
        expect(verdict.ok === false && verdict.reason).toBe(decodeTicketCode(altered).ok ? 'forged' : 'malformed');
      }
    }
  });

  it('rejects truncated, extended and internally spaced codes as malformed', async () => {
    for (let length = 0; length < code.length; length++) {
      expect(await verifyTicketCode(code.slice(0, length), [keys.publicKey])).toEqual({ ok: false, reason: 'malformed' });
      expect(await verifyTicketCode(code.slice(code.length - length), [keys.publicKey])).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
    expect((await verifyTicketCode(`${code}0`, [keys.publicKey])).ok).toBe(false);
    expect((await verifyTicketCode(`${code.slice(0, 90)}\n${code.slice(90)}`, [keys.publicKey])).ok).toBe(false);
    expect((await verifyTicketCode(code + code, [keys.publicKey])).ok).toBe(false);
  });

  it('trims what scanners and pasting add around a code', async () => {
    for (const wrapped of [`${code}\n`, `${code}\r\n`, `${code}\t`, `  ${code}  `, `\n${code}`]) {
      expect((await verifyTicketCode(wrapped, [keys.publicKey])).ok).toBe(true);
    }
  });

  it('accepts lowercase (a scanner typing with Caps Lock on): the alphabet has no lowercase to confuse', async () => {
    expect((await verifyTicketCode(code.toLowerCase(), [keys.publicKey])).ok).toBe(true);
    const mixed = [...code].map((c, i) => (i % 2 ? c.toLowerCase() : c)).join('');
    expect((await verifyTicketCode(mixed, [keys.publicKey])).ok).toBe(true);
    expect(normalizeTicketCode(` ${code.toLowerCase()}\n`)).toBe(code);
    // Only ASCII letters are folded: 'ß' would upper-case to 'SS'.
    expect(normalizeTicketCode('aß')).toBe('Aß');
  });

  it('rejects codes of another version or without the prefix as malformed', async () => {
    for (const other of [`AD2${code.slice(3)}`, `XX1${code.slice(3)}`, code.slice(3), `HC1:${code.slice(3)}`]) {
      expect(await verifyTicketCode(other, [keys.publicKey])).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

describe('the QR code', () => {
  it('is version 7 or lower at level M for every signed code (random payloads)', async () => {
    const uuid = fc.uuid();
    const time = fc.integer({ min: 0, max: 0xffff_ffff });
    await fc.assert(
      fc.asyncProperty(uuid, uuid, uuid, time, time, async (ticketId, eventId, ticketTypeId, a, b) => {
        const signed = await signTicketCode(keys.privateKey, {
          version: 1,
          ticketId,
          eventId,
          ticketTypeId,
          validFrom: new Date(Math.min(a, b) * 1000),
          validUntil: new Date(Math.max(a, b) * 1000),
        });
        expect(signed).toHaveLength(178);
        expect(qrVersion(signed)).toBeLessThanOrEqual(7);
        const verdict = await verifyTicketCode(signed, [keys.publicKey]);
        expect(verdict.ok && verdict.payload.ticketId).toBe(ticketId.toLowerCase());
      }),
      { numRuns: 300 },
    );
  });

  it('is version 7 or lower for any 120 carried bytes, including the extremes', () => {
    const check = (bytes: Uint8Array) => {
      const text = codeOf(bytes);
      expect(text).toHaveLength(178);
      expect(qrVersion(text)).toBeLessThanOrEqual(7);
      expect(text).toBe(text.trim());
      expect(decodeBody(text.slice(3))).toEqual(bytes);
    };
    check(new Uint8Array(BODY_BYTES));
    check(new Uint8Array(BODY_BYTES).fill(0xff));
    fc.assert(fc.property(fc.uint8Array({ minLength: BODY_BYTES, maxLength: BODY_BYTES }), check), { numRuns: 500 });
  });
});

describe('decodeTicketCode', () => {
  it('reads what a code claims without checking it', () => {
    expect(decodeTicketCode(code)).toMatchObject({ ok: true, payload: payload() });
  });

  it('never throws on garbage', () => {
    for (const garbage of [undefined, null, 42, {}, [], '', ' ', '\n', 'AD1', 'x'.repeat(10_000), Symbol('x')]) {
      expect(decodeTicketCode(garbage)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('rejects numbers too large for 960 bits (no second spelling of a code)', () => {
    // The last character is the most significant digit; 'L' (21) is the largest any 960-bit value needs.
    expect(decodeBody(`${'0'.repeat(BODY_CHARS - 1)}L`)).not.toBeNull();
    expect(decodeBody(`${'0'.repeat(BODY_CHARS - 1)}M`)).toBeNull();
    expect(decodeBody(':'.repeat(BODY_CHARS))).toBeNull();
    expect(decodeBody(`${code.slice(3, -1)}:`)).toBeNull();
  });

  it('fuzz: arbitrary strings are malformed or forged, never ok', async () => {
    const nearCode = fc
      .array(fc.constantFrom(...RADIX45_ALPHABET), { minLength: BODY_CHARS - 2, maxLength: BODY_CHARS + 2 })
      .map((chars) => TICKET_CODE_PREFIX + chars.join(''));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 400 }), nearCode), async (text) => {
        expect(() => decodeTicketCode(text)).not.toThrow();
        const verdict = await verifyTicketCode(text, [keys.publicKey]);
        expect(verdict.ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('fuzz: bit flips in a valid code never verify, unless they only change the case of a letter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.nat({ max: 177 }), bit: fc.integer({ min: 0, max: 15 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (flips) => {
          const chars = [...code].map((c) => c.charCodeAt(0));
          for (const { at, bit } of flips) chars[at] = (chars[at] as number) ^ (1 << bit);
          const text = String.fromCharCode(...chars);
          const verdict = await verifyTicketCode(text, [keys.publicKey]);
          expect(verdict.ok).toBe(normalizeTicketCode(text) === code);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('signTicketCode refuses what it cannot sign', () => {
  it.each([
    ['an id that is not a UUID', { ticketId: 'ticket-1' }],
    ['a window that ends before it starts', { validFrom: new Date('2026-02-01'), validUntil: new Date('2026-01-01') }],
    ['a date past 2106', { validUntil: new Date('2107-01-01') }],
    ['a date before 1970', { validFrom: new Date(-1000) }],
    ['an invalid date', { validFrom: new Date('nope') }],
    ['another version', { version: 2 as unknown as 1 }],
  ])('%s', async (_name, overrides) => {
    await expect(signTicketCode(keys.privateKey, payload(overrides))).rejects.toThrow();
  });

  it('a key that is not a private key', async () => {
    await expect(signTicketCode(keys.publicKey, payload())).rejects.toThrow();
    await expect(signTicketCode('not a key', payload())).rejects.toThrow();
  });
});

describe('looksLikeTicketCode and ticketValidityAt', () => {
  it('recognises Admit codes, whatever their version', () => {
    expect(looksLikeTicketCode(code)).toBe(true);
    expect(looksLikeTicketCode(`\n${code.toLowerCase()}`)).toBe(true);
    expect(looksLikeTicketCode('AD2XYZ')).toBe(true);
    expect(looksLikeTicketCode('https://example.com')).toBe(false);
  });

  it('places a moment in the validity window, inclusive, with optional tolerance', () => {
    const window = payload();
    expect(ticketValidityAt(window, new Date('2026-04-30T00:00:00Z'))).toBe('not_yet_valid');
    expect(ticketValidityAt(window, window.validFrom)).toBe('valid');
    expect(ticketValidityAt(window, window.validUntil)).toBe('valid');
    expect(ticketValidityAt(window, new Date('2026-06-21T04:00:01Z'))).toBe('expired');
    expect(ticketValidityAt(window, new Date('2026-06-21T04:00:01Z'), 60_000)).toBe('valid');
  });
});

describe('a device that cannot verify', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is told so, rather than seeing every ticket as forged', async () => {
    expect(await canVerifyTicketCodes()).toBe(true);
    const fresh = await generateEventKeyPair();
    const real = globalThis.crypto;
    const unsupported = () => Promise.reject(new DOMException('Ed25519 is not supported', 'NotSupportedError'));
    // A browser without Ed25519 in WebCrypto (Chromium before 137, Safari before 17).
    vi.stubGlobal('crypto', { subtle: { importKey: unsupported, verify: unsupported } });
    expect(await canVerifyTicketCodes()).toBe(false);
    await expect(verifyTicketCode(code, [fresh.publicKey])).rejects.toThrow('not supported');
    // Garbage is still just malformed.
    expect(await verifyTicketCode('hello', [fresh.publicKey])).toEqual({ ok: false, reason: 'malformed' });
    // An insecure context has no crypto.subtle at all.
    vi.stubGlobal('crypto', {});
    expect(await canVerifyTicketCodes()).toBe(false);
    await expect(verifyTicketCode(code, [fresh.publicKey])).rejects.toThrow('WebCrypto');
    // The failed import was not cached: with WebCrypto back, the same key verifies.
    vi.stubGlobal('crypto', real);
    expect(await verifyTicketCode(code, [fresh.publicKey])).toEqual({ ok: false, reason: 'forged' });
    expect((await verifyTicketCode(code, [fresh.publicKey, keys.publicKey])).ok).toBe(true);
  });
});
