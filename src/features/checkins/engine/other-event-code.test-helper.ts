import { generateEventKeyPair, signTicketCode } from '#contract/ticket-code.ts';

/** A genuine ticket code of another event, signed with a key of its own: the device decides it at once (wrong event). */
export async function otherEventTicketCode(): Promise<string> {
  const keys = await generateEventKeyPair();
  return signTicketCode(keys.privateKey, {
    version: 1,
    ticketId: '00000000-0000-4000-8000-000000000002',
    eventId: '00000000-0000-4000-8000-000000000009',
    ticketTypeId: '00000000-0000-4000-8000-000000000003',
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validUntil: new Date('2030-01-01T00:00:00Z'),
  });
}
