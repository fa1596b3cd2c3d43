import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateEventKeyPair, signTicketCode, verifyTicketCode } from '../../../src/contract/ticket-code.ts';
import { verifyTicketCodeNow } from './verify-ticket-code.ts';

const payload = {
  version: 1 as const,
  ticketId: '0b7d3c55-8f0e-4c4a-9a55-1f6f1d3c2b10',
  eventId: '6a1f0c2e-2b7d-4d35-8d0e-3c9b7a2f4e11',
  ticketTypeId: '9c2e4b6a-1d3f-4a5b-8c7d-2e1f0a9b8c70',
  validFrom: new Date('2026-01-01T00:00:00Z'),
  validUntil: new Date('2026-12-31T23:00:00Z'),
};

describe('ticket codes checked on the server', () => {
  it('gives the same verdict as the browser’s check for genuine, altered, foreign and garbage codes', async () => {
    const event = await generateEventKeyPair();
    const other = await generateEventKeyPair();
    const code = await signTicketCode(event.privateKey, payload);
    const foreign = await signTicketCode(other.privateKey, payload);
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
    const altered = (index: number, char: string) => code.slice(0, index) + char + code.slice(index + 1);
    const samples = [code, foreign, `${code}\n`, 'AD1', '', 'hello', altered(10, code[10] === 'A' ? 'B' : 'A')];
    for (const sample of samples) {
      expect(verifyTicketCodeNow(sample, [event.publicKey])).toEqual(await verifyTicketCode(sample, [event.publicKey]));
    }
    expect(verifyTicketCodeNow(code, ['not a key', other.publicKey, event.publicKey])).toMatchObject({ ok: true });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 3, max: code.length - 1 }), fc.constantFrom(...alphabet), async (index, char) => {
        const changed = altered(index, char);
        const now = verifyTicketCodeNow(changed, [event.publicKey]);
        expect(now).toEqual(await verifyTicketCode(changed, [event.publicKey]));
        if (changed !== code) expect(now.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
