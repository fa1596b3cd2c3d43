/**
 * Signed ticket codes: what a ticket's QR code says, signed on the server, verified offline at the door.
 * Isomorphic: Node 24 and browsers, WebCrypto Ed25519 only (`globalThis.crypto.subtle`), no dependencies,
 * so the door scanner's bundle stays small. QR rendering lives in ./ticket-qr.ts (browser) and
 * server/lib/tickets/ (PNG for email), so a verifier never pulls it in.
 *
 * Format, version 1 — a code is `AD1` followed by 175 characters of the QR alphanumeric alphabet, 178 in all,
 * which always fits QR version 7 at error-correction level M (see ./ticket-code-encoding.ts for why radix 45):
 *
 *   signed message (57 bytes): version 0x01 | ticket id (16) | event id (16) | ticket type id (16)
 *                              | validFrom (uint32 BE, Unix seconds) | validUntil (uint32 BE, Unix seconds)
 *   signature: Ed25519 over those 57 bytes with the event's private key (64 bytes)
 *   text: "AD" + version digit, then the message without its version byte and the signature
 *         (56 + 64 = 120 bytes, read as one big-endian number) in radix 45, least significant digit first.
 *
 * The version byte travels as the prefix's third character rather than inside the number: the three UUIDs,
 * the two times and the signature already fill 960 of the 961 bits that 175 characters hold, and
 * QR version 7-M holds 178 characters at most. It is still signed, so a code cannot change version.
 *
 * Reading a code: whitespace around it is trimmed (hardware scanners end with Enter or Tab; a code never
 * starts or ends with the alphabet's space) and lowercase letters are accepted as uppercase — the alphabet
 * has no lowercase, so this loses nothing, and a keyboard-wedge scanner typing with Caps Lock on still works.
 * Anything else that differs from the signed text is `malformed` (not a code of this format) or `forged`
 * (a well-formed code no known key signed: altered, another event's, or made up).
 */

import {
  BODY_BYTES,
  BODY_CHARS,
  decodeBody,
  encodeBody,
  fromBase64Url,
  readUuid,
  toBase64Url,
  writeUuid,
} from './ticket-code-encoding.ts';

export type TicketPayload = {
  version: 1;
  ticketId: string;
  eventId: string;
  ticketTypeId: string;
  /** Whole seconds: signing rounds validFrom down and validUntil up. */
  validFrom: Date;
  validUntil: Date;
};

export type TicketKeyPair = {
  /** base64url of the raw 32-byte Ed25519 public key: safe to hand to door devices. */
  publicKey: string;
  /** base64url of the PKCS #8 private key: never leaves the server. */
  privateKey: string;
};

export type TicketCodeVerdict = { ok: true; payload: TicketPayload } | { ok: false; reason: 'malformed' | 'forged' };

/** A code read without checking its signature: what it claims, for display or routing only. */
export type DecodedTicketCode =
  | { ok: true; payload: TicketPayload; signedMessage: Uint8Array<ArrayBuffer>; signature: Uint8Array<ArrayBuffer> }
  | { ok: false; reason: 'malformed' };

export const TICKET_CODE_VERSION = 1;
/** Every Admit ticket code starts with this; the third character is the format version. */
export const TICKET_CODE_PREFIX = `AD${TICKET_CODE_VERSION}`;
export const TICKET_CODE_LENGTH = TICKET_CODE_PREFIX.length + BODY_CHARS;

const MESSAGE_BYTES = 57;
const SIGNATURE_BYTES = 64;
const UINT32_MAX = 0xffff_ffff;
const ED25519 = { name: 'Ed25519' } as const;

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is not available (a secure context is required in browsers).');
  return s;
}

/** Trims surrounding whitespace and upper-cases a–z: the form a code is compared and verified in. */
export function normalizeTicketCode(input: string): string {
  return input.trim().replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** Cheap check for scanners: is this text meant to be an Admit ticket code (of any version)? */
export function looksLikeTicketCode(input: string): boolean {
  return typeof input === 'string' && /^AD\d/i.test(input.trimStart());
}

/** Reads a code without verifying it. Never throws. */
export function decodeTicketCode(input: unknown): DecodedTicketCode {
  if (typeof input !== 'string' || input.length > 4 * TICKET_CODE_LENGTH) return { ok: false, reason: 'malformed' };
  const code = normalizeTicketCode(input);
  if (code.length !== TICKET_CODE_LENGTH || !code.startsWith(TICKET_CODE_PREFIX)) {
    return { ok: false, reason: 'malformed' };
  }
  const body = decodeBody(code.slice(TICKET_CODE_PREFIX.length));
  if (!body) return { ok: false, reason: 'malformed' };

  const signedMessage = new Uint8Array(MESSAGE_BYTES);
  signedMessage[0] = TICKET_CODE_VERSION;
  signedMessage.set(body.subarray(0, MESSAGE_BYTES - 1), 1);
  const signature = body.slice(MESSAGE_BYTES - 1, BODY_BYTES);

  const view = new DataView(signedMessage.buffer);
  const validFrom = view.getUint32(49);
  const validUntil = view.getUint32(53);
  if (validUntil < validFrom) return { ok: false, reason: 'malformed' };
  return {
    ok: true,
    payload: {
      version: 1,
      ticketId: readUuid(signedMessage, 1),
      eventId: readUuid(signedMessage, 17),
      ticketTypeId: readUuid(signedMessage, 33),
      validFrom: new Date(validFrom * 1000),
      validUntil: new Date(validUntil * 1000),
    },
    signedMessage,
    signature,
  };
}

/** A new key pair for an event. */
export async function generateEventKeyPair(): Promise<TicketKeyPair> {
  const pair = (await subtle().generateKey(ED25519, true, ['sign', 'verify'])) as CryptoKeyPair;
  const [publicKey, privateKey] = await Promise.all([
    subtle().exportKey('raw', pair.publicKey),
    subtle().exportKey('pkcs8', pair.privateKey),
  ]);
  return { publicKey: toBase64Url(new Uint8Array(publicKey)), privateKey: toBase64Url(new Uint8Array(privateKey)) };
}

function toSeconds(date: Date, round: 'down' | 'up', name: string): number {
  const ms = date instanceof Date ? date.getTime() : Number.NaN;
  const seconds = round === 'down' ? Math.floor(ms / 1000) : Math.ceil(ms / 1000);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > UINT32_MAX) {
    throw new RangeError(`${name} must be a date between 1970 and 2106.`);
  }
  return seconds;
}

/** The signed message for a payload; throws on ids that are not UUIDs or an impossible validity window. */
function messageFor(payload: TicketPayload): Uint8Array<ArrayBuffer> {
  if (payload.version !== TICKET_CODE_VERSION) throw new RangeError(`Unsupported ticket code version ${payload.version}.`);
  const from = toSeconds(payload.validFrom, 'down', 'validFrom');
  const until = toSeconds(payload.validUntil, 'up', 'validUntil');
  if (until < from) throw new RangeError('validUntil is before validFrom.');
  const message = new Uint8Array(MESSAGE_BYTES);
  message[0] = TICKET_CODE_VERSION;
  writeUuid(message, 1, payload.ticketId);
  writeUuid(message, 17, payload.eventId);
  writeUuid(message, 33, payload.ticketTypeId);
  const view = new DataView(message.buffer);
  view.setUint32(49, from);
  view.setUint32(53, until);
  return message;
}

// Imported keys, by their text. Importing costs more than verifying, and a door verifies with the same few keys.
const KEY_CACHE_LIMIT = 64;
const publicKeys = new Map<string, Promise<CryptoKey | null>>();
const privateKeys = new Map<string, Promise<CryptoKey>>();

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  if (cache.size >= KEY_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

const notSupported = (error: unknown) => error instanceof Error && error.name === 'NotSupportedError';

/** null for text that is not an Ed25519 public key; rejects when the runtime has no Ed25519 at all. */
function importPublicKey(text: string): Promise<CryptoKey | null> {
  const key = remember(publicKeys, text, () => {
    const raw = typeof text === 'string' ? fromBase64Url(text) : null;
    if (raw?.length !== 32) return Promise.resolve(null);
    return subtle()
      .importKey('raw', raw, ED25519, false, ['verify'])
      .catch((error: unknown) => {
        if (notSupported(error)) throw error;
        return null;
      });
  });
  key.catch(() => publicKeys.delete(text));
  return key;
}

function importPrivateKey(text: string): Promise<CryptoKey> {
  const pkcs8 = fromBase64Url(text);
  if (!pkcs8) return Promise.reject(new TypeError('The private key is not base64url.'));
  const key = remember(privateKeys, text, () => subtle().importKey('pkcs8', pkcs8, ED25519, false, ['sign']));
  // A key that failed to import is not kept.
  key.catch(() => privateKeys.delete(text));
  return key;
}

/** Signs a ticket: the text its QR code carries. Throws on an invalid payload or key. */
export async function signTicketCode(privateKey: string, payload: TicketPayload): Promise<string> {
  const key = await importPrivateKey(privateKey);
  return ticketCodeSignedBy(async (message) => new Uint8Array(await subtle().sign(ED25519, key, message)), payload);
}

/**
 * A ticket's code, its message signed by `sign` (an Ed25519 signature of the bytes it is given): for
 * signers other than WebCrypto, such as the server's. Throws on an invalid payload or signature length.
 */
export async function ticketCodeSignedBy(
  sign: (message: Uint8Array<ArrayBuffer>) => Uint8Array | Promise<Uint8Array>,
  payload: TicketPayload,
): Promise<string> {
  const message = messageFor(payload);
  const signature = await sign(message);
  if (signature.length !== SIGNATURE_BYTES) throw new Error('Unexpected Ed25519 signature length.');
  const body = new Uint8Array(BODY_BYTES);
  body.set(message.subarray(1), 0);
  body.set(signature, MESSAGE_BYTES - 1);
  return TICKET_CODE_PREFIX + encodeBody(body);
}

/**
 * Checks a scanned code against an event's public keys (several while keys rotate).
 * `malformed` — not an Admit code of a known version; `forged` — well formed, but none of the keys signed it
 * (altered, another event's, made up). Keys that are not keys are skipped. The validity window is not
 * checked here: see ticketValidityAt.
 *
 * No code and no key list makes it throw. It rejects only when the device cannot verify at all (no WebCrypto
 * outside a secure context, or a browser without Ed25519 — see canVerifyTicketCodes), so a door can say
 * "this device cannot check tickets offline" instead of calling every ticket forged.
 */
export async function verifyTicketCode(code: string, publicKeys: readonly string[]): Promise<TicketCodeVerdict> {
  const decoded = decodeTicketCode(code);
  if (!decoded.ok) return decoded;
  if (!Array.isArray(publicKeys)) return { ok: false, reason: 'forged' };
  const crypto = subtle();
  for (const text of publicKeys) {
    const key = await importPublicKey(text);
    if (!key) continue;
    const valid = await crypto.verify(ED25519, key, decoded.signature, decoded.signedMessage).catch((error: unknown) => {
      if (notSupported(error)) throw error;
      return false;
    });
    if (valid) return { ok: true, payload: decoded.payload };
  }
  return { ok: false, reason: 'forged' };
}

// RFC 8032 test 1: a known Ed25519 public key, to probe the platform.
const PROBE_PUBLIC_KEY = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';

/** Whether this runtime can verify ticket codes offline (WebCrypto in a secure context, with Ed25519). */
export async function canVerifyTicketCodes(): Promise<boolean> {
  try {
    const raw = fromBase64Url(PROBE_PUBLIC_KEY) as Uint8Array<ArrayBuffer>;
    await subtle().importKey('raw', raw, ED25519, false, ['verify']);
    return true;
  } catch {
    return false;
  }
}

/** Where `at` falls in a ticket's validity window (both ends inclusive), allowing `toleranceMs` of clock skew. */
export function ticketValidityAt(
  payload: Pick<TicketPayload, 'validFrom' | 'validUntil'>,
  at: Date,
  toleranceMs = 0,
): 'valid' | 'not_yet_valid' | 'expired' {
  const t = at.getTime();
  if (t < payload.validFrom.getTime() - toleranceMs) return 'not_yet_valid';
  if (t > payload.validUntil.getTime() + toleranceMs) return 'expired';
  return 'valid';
}
