/**
 * The server's ticket signer: the same codes as `signTicketCode` (Ed25519 signatures are deterministic),
 * computed with node:crypto synchronously. WebCrypto's job per signature cost several times the signing.
 */
import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { type TicketPayload, ticketCodeSignedBy } from '../../../src/contract/ticket-code.ts';
import { fromBase64Url } from '../../../src/contract/ticket-code-encoding.ts';

const keyCacheLimit = 1_000;
const keys = new Map<string, KeyObject>();

function privateKey(text: string): KeyObject {
  let key = keys.get(text);
  if (key === undefined) {
    const pkcs8 = fromBase64Url(text);
    if (!pkcs8) throw new TypeError('The private key is not base64url.');
    key = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
    if (keys.size >= keyCacheLimit) keys.delete(keys.keys().next().value as string);
    keys.set(text, key);
  }
  return key;
}

/** Signs a ticket with an event's private key (base64url PKCS #8): the text its QR code carries. */
export function signTicketCodeNow(privateKeyText: string, payload: TicketPayload): Promise<string> {
  const key = privateKey(privateKeyText);
  return ticketCodeSignedBy((message) => sign(null, message, key), payload);
}
