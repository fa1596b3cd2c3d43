/**
 * The server's ticket check: the same verdicts as `verifyTicketCode` (src/lib/tickets), computed with
 * node:crypto synchronously. A busy door asks on every scan; WebCrypto's promise per key costs several
 * times the signature check itself.
 */
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { type DecodedTicketCode, decodeTicketCode, type TicketCodeVerdict } from '../../../src/contract/ticket-code.ts';

const keyCacheLimit = 1_000;
const keys = new Map<string, KeyObject | null>();

function publicKey(text: string): KeyObject | null {
  let key = keys.get(text);
  if (key === undefined) {
    try {
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: text }, format: 'jwk' });
    } catch {
      key = null;
    }
    if (keys.size >= keyCacheLimit) keys.delete(keys.keys().next().value as string);
    keys.set(text, key);
  }
  return key;
}

export function verifyTicketCodeNow(code: string, publicKeys: readonly string[]): TicketCodeVerdict {
  return verifyDecodedTicketCode(decodeTicketCode(code), publicKeys);
}

/** The same, for a code read already (`decodeTicketCode`). */
export function verifyDecodedTicketCode(decoded: DecodedTicketCode, publicKeys: readonly string[]): TicketCodeVerdict {
  if (!decoded.ok) return decoded;
  for (const text of publicKeys) {
    const key = publicKey(text);
    if (key && verify(null, decoded.signedMessage, key, decoded.signature)) return { ok: true, payload: decoded.payload };
  }
  return { ok: false, reason: 'forged' };
}
