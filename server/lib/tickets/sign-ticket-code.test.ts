import { describe, expect, it } from 'vitest';
import { generateEventKeyPair, signTicketCode, verifyTicketCode } from '../../../src/contract/ticket-code.ts';
import { signTicketCodeNow } from './sign-ticket-code.ts';

const payload = {
  version: 1 as const,
  ticketId: '2f0c9a4e-6b1d-4e8a-9c3f-7d5e1a2b4c60',
  eventId: '8e3b1d5f-4a2c-4f9e-b6d7-1c0a9e8f7d21',
  ticketTypeId: '5a7c9e1b-3d5f-4b7a-9c1e-3f5a7c9e1b32',
  validFrom: new Date('2026-03-01T18:00:00Z'),
  validUntil: new Date('2026-03-02T04:00:00Z'),
};

describe('ticket codes signed on the server', () => {
  it('are the very codes WebCrypto signs, and verify with the event’s public key only', async () => {
    const event = await generateEventKeyPair();
    const other = await generateEventKeyPair();
    const code = await signTicketCodeNow(event.privateKey, payload);
    expect(code).toBe(await signTicketCode(event.privateKey, payload));
    expect(await verifyTicketCode(code, [event.publicKey])).toMatchObject({ ok: true, payload: { ticketId: payload.ticketId } });
    expect(await verifyTicketCode(code, [other.publicKey])).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses a key that is not a key, and a payload with an impossible window', async () => {
    const event = await generateEventKeyPair();
    expect(() => signTicketCodeNow('not a key!', payload)).toThrow();
    await expect(
      signTicketCodeNow(event.privateKey, { ...payload, validUntil: new Date('2026-02-01T00:00:00Z') }),
    ).rejects.toThrow(/validUntil/);
  });
});
