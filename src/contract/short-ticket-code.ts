/**
 * A ticket's short code: nine characters a person reads off a ticket and types at the door when its QR code will
 * not scan (decision 052). It names a ticket of one event, like its order reference names an order; it is no
 * signature, so it only ever finds a ticket that was issued.
 *
 * Crockford's base32 (digits and capitals without I, L, O and U): each look-alike group has one member in the
 * alphabet, and a typed look-alike (O for 0, I or L for 1, U for V) means that member. Shown in threes
 * (`K7Q-MX4-PDR`); typed in any case, with or without dashes and spaces. Every code holds a digit from 2 to 9,
 * which no look-alike maps to: a name typed in the door's field is never taken for a code. Nine characters,
 * where an order reference has eight, so a reference is never taken for one either.
 */

export const SHORT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SHORT_CODE_LENGTH = 9;

const lookAlikes: Record<string, string> = { O: '0', I: '1', L: '1', U: 'V' };
const canonical = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);
const hasPlainDigit = /[2-9]/;

type RandomBytes = (count: number) => Uint8Array;
const cryptoBytes: RandomBytes = (count) => globalThis.crypto.getRandomValues(new Uint8Array(count));

/** A new code from crypto randomness: 5 bits of a byte per character (256 is a multiple of 32, so uniform). */
export function newShortTicketCode(randomBytes: RandomBytes = cryptoBytes): string {
  for (;;) {
    const bytes = randomBytes(SHORT_CODE_LENGTH);
    let code = '';
    for (const byte of bytes) code += SHORT_CODE_ALPHABET.charAt(byte & 31);
    if (hasPlainDigit.test(code)) return code;
  }
}

/** A code as printed: `K7Q-MX4-PDR`. */
export function formatShortTicketCode(code: string): string {
  return `${code.slice(0, 3)}-${code.slice(3, 6)}-${code.slice(6)}`;
}

/** Typed text as the code it means (`k7q mx4-pdr` → `K7QMX4PDR`), or null when it cannot be a short code. */
export function normalizeShortTicketCode(text: string): string | null {
  // Room for a spaced dash (` - `) before every character; anything longer is no code however it is typed.
  if (typeof text !== 'string' || text.length > 4 * SHORT_CODE_LENGTH) return null;
  const compact = text
    .replace(/[\s-]/g, '')
    .toUpperCase()
    .replace(/[OILU]/g, (letter) => lookAlikes[letter] as string);
  return canonical.test(compact) && hasPlainDigit.test(compact) ? compact : null;
}
