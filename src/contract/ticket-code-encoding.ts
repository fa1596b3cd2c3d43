/**
 * Byte-level helpers for ticket codes: the radix-45 text body, base64url keys and UUIDs.
 * Isomorphic (Node 24 and browsers), no dependencies.
 *
 * Why radix 45 over the whole number, not base32 or RFC 9285 base45:
 * a code carries 56 payload bytes and a 64-byte Ed25519 signature, 120 bytes = 960 bits. QR version 7 at
 * level M holds 124 data codewords = 992 bits; in alphanumeric mode (45 symbols, 11 bits per 2 characters)
 * that is 178 characters after the 13-bit segment header. Base32 needs 192 characters for 960 bits and
 * RFC 9285 base45 (2 bytes → 3 characters) needs 180: both push the QR to version 8. Reading the 120 bytes
 * as one big number in radix 45 needs ⌈960 / log2 45⌉ = 175 characters (99.9 % of the mode's density),
 * which leaves exactly 3 characters for the prefix: 3 + 175 = 178, version 7-M, every time.
 *
 * The digits are written least significant first. The most significant digit of any value below 2^960 is at
 * most 21 ('L'), so a code never ends with the alphabet's space, and after the letter prefix it never starts
 * with one: trimming whitespace around a scanned code is always safe.
 */

import { isUuid } from './ids.ts';

/** The QR alphanumeric alphabet in the standard's order: digit value = index. */
export const RADIX45_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
/** Bytes carried by a code body: 56 payload bytes after the version, and the 64-byte signature. */
export const BODY_BYTES = 120;
/** Characters of the body: the fewest radix-45 digits that hold any 960-bit number. */
export const BODY_CHARS = 175;

const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < RADIX45_ALPHABET.length; i++) DIGIT_VALUE[RADIX45_ALPHABET.charCodeAt(i)] = i;

/** Four radix-45 digits: the divisor of each pass of encodeBody. */
const DIGITS_PER_PASS = 4;
const PASS_DIVISOR = 45 ** DIGITS_PER_PASS;

/**
 * 120 bytes (a big-endian number) → 175 radix-45 characters, least significant digit first.
 * Long division over 16-bit limbs by 45⁴, so each pass yields four digits (a remainder times 2¹⁶ stays
 * below 2⁵³, exact in a double).
 */
export function encodeBody(bytes: Uint8Array): string {
  if (bytes.length !== BODY_BYTES) throw new RangeError(`A code body is ${BODY_BYTES} bytes.`);
  const limbs = new Array<number>(BODY_BYTES / 2);
  for (let i = 0; i < limbs.length; i++) limbs[i] = ((bytes[2 * i] as number) << 8) | (bytes[2 * i + 1] as number);
  let start = 0;
  let out = '';
  while (out.length < BODY_CHARS) {
    let rem = 0;
    for (let j = start; j < limbs.length; j++) {
      const cur = rem * 65536 + (limbs[j] as number);
      const quotient = Math.floor(cur / PASS_DIVISOR);
      limbs[j] = quotient;
      rem = cur - quotient * PASS_DIVISOR;
    }
    while (start < limbs.length && limbs[start] === 0) start++;
    for (let k = 0; k < DIGITS_PER_PASS && out.length < BODY_CHARS; k++) {
      out += RADIX45_ALPHABET[rem % 45];
      rem = Math.floor(rem / 45);
    }
  }
  return out;
}

/** The inverse of encodeBody; null for a wrong length, a character outside the alphabet or a value ≥ 2^960. */
export function decodeBody(text: string): Uint8Array | null {
  if (text.length !== BODY_CHARS) return null;
  const acc = new Uint8Array(BODY_BYTES);
  for (let i = BODY_CHARS - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? (DIGIT_VALUE[code] as number) : -1;
    if (digit < 0) return null;
    let carry = digit;
    for (let j = BODY_BYTES - 1; j >= 0; j--) {
      const cur = (acc[j] as number) * 45 + carry;
      acc[j] = cur & 255;
      carry = cur >>> 8;
    }
    // Not canonical: the number does not fit 960 bits, so no code was ever written like this.
    if (carry !== 0) return null;
  }
  return acc;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Strict base64url without padding; null when it is not. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (typeof text !== 'string' || !BASE64URL.test(text) || text.length % 4 === 1) return null;
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Writes a UUID's 16 bytes at `offset`; throws on anything that is not 8-4-4-4-12 hex. */
export function writeUuid(target: Uint8Array, offset: number, uuid: string): void {
  if (typeof uuid !== 'string' || !isUuid(uuid)) throw new TypeError(`Not a UUID: ${String(uuid)}`);
  const hex = uuid.replace(/-/g, '');
  for (let i = 0; i < 16; i++) target[offset + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
}

/** 16 bytes at `offset` → a lowercase hyphenated UUID. */
export function readUuid(source: Uint8Array, offset: number): string {
  let hex = '';
  for (let i = 0; i < 16; i++) hex += (source[offset + i] as number).toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
