import { beforeAll, describe, expect, it } from 'vitest';
import { generateEventKeyPair, signTicketCode, type TicketKeyPair, verifyTicketCode } from '#contract/ticket-code.ts';
import { type DoorKnowledge, decideLocally, type FirstCheckIn, type LocalTicket } from './local-decision.ts';

const eventId = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b';
const otherEventId = '9b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5c';
const typeId = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';
const now = new Date('2026-06-20T20:00:00Z');
const window = { validFrom: new Date('2026-05-01T10:00:00Z'), validUntil: new Date('2026-06-21T04:00:00Z') };

let keys: TicketKeyPair;
let otherKeys: TicketKeyPair;

beforeAll(async () => {
  [keys, otherKeys] = await Promise.all([generateEventKeyPair(), generateEventKeyPair()]);
});

const sign = (ticketId: string, overrides: Partial<typeof window> & { eventId?: string; key?: string } = {}) =>
  signTicketCode(overrides.key ?? keys.privateKey, {
    version: 1,
    ticketId,
    eventId: overrides.eventId ?? eventId,
    ticketTypeId: typeId,
    validFrom: overrides.validFrom ?? window.validFrom,
    validUntil: overrides.validUntil ?? window.validUntil,
  });

function knowledge(
  tickets: LocalTicket[] = [],
  extra: {
    revoked?: string[];
    checkIns?: Record<string, FirstCheckIn>;
    testMode?: boolean;
    /** Ticket ids by short code. */
    shortCodes?: Record<string, string>;
  } = {},
): DoorKnowledge {
  const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  return {
    eventId,
    keys: [keys.publicKey],
    testMode: extra.testMode ?? false,
    typeName: (id) => (id === typeId ? 'Standing' : null),
    isRevoked: (id) => extra.revoked?.includes(id) ?? false,
    ticket: (id) => byId.get(id),
    ticketByShortCode: (code) => byId.get(extra.shortCodes?.[code] ?? ''),
    checkIn: (id) => extra.checkIns?.[id],
  };
}

const ticket = (id: string, overrides: Partial<LocalTicket> = {}): LocalTicket => ({
  id,
  ticketTypeId: typeId,
  holderName: 'Ada Lovelace',
  orderReference: 'ADM-7Q2K',
  status: 'valid',
  test: false,
  ...overrides,
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('deciding at the door without the server', () => {
  it('admits a genuine ticket of the list and names its holder, type and order', async () => {
    const decision = await decideLocally(await sign(id(1)), knowledge([ticket(id(1))]), verifyTicketCode, { now });
    expect(decision).toMatchObject({
      result: 'valid',
      ticketId: id(1),
      notInList: false,
      ticket: { holderName: 'Ada Lovelace', typeName: 'Standing', orderReference: 'ADM-7Q2K' },
    });
  });

  it('admits a genuine ticket sold after the last sync, saying it is not in the local list yet', async () => {
    const decision = await decideLocally(await sign(id(2)), knowledge([]), verifyTicketCode, { now });
    expect(decision).toMatchObject({ result: 'valid', notInList: true, ticket: { typeName: 'Standing', holderName: null } });
  });

  it('finds a typed short code’s ticket in the list and judges it like a scan, but leaves an unknown one to the server', async () => {
    const known = knowledge([ticket(id(7)), ticket(id(8), { status: 'voided' })], {
      shortCodes: { K7QMX4PDR: id(7), W2EF9H0JA: id(8) },
    });
    const typedCode = await decideLocally('k7q-mx4 pdr', known, verifyTicketCode, { now });
    expect(typedCode).toMatchObject({ result: 'valid', ticketId: id(7), final: false, ticket: { holderName: 'Ada Lovelace' } });
    expect(await decideLocally('W2E-F9H-OJA', known, verifyTicketCode, { now })).toMatchObject({ result: 'voided' });
    // Perhaps sold since the last sync: not a ticket here, but not final either.
    const unknown = await decideLocally('K7Q-MX4-PDS', known, verifyTicketCode, { now });
    expect(unknown).toMatchObject({ result: 'invalid', ticketId: null, malformed: false, final: false });
  });

  it('says when and where a ticket was first admitted', async () => {
    const first = { at: '2026-06-20T19:01:00Z', deviceId: 'device-a1', deviceName: null };
    const decision = await decideLocally(
      await sign(id(3)),
      knowledge([ticket(id(3))], { checkIns: { [id(3)]: first } }),
      verifyTicketCode,
      { now },
    );
    expect(decision).toMatchObject({ result: 'already_used', firstCheckIn: first });
    const leaving = await decideLocally(
      await sign(id(3)),
      knowledge([ticket(id(3))], { checkIns: { [id(3)]: first } }),
      verifyTicketCode,
      { now, direction: 'out' },
    );
    expect(leaving.result).toBe('valid');
  });

  it('calls an altered code invalid, and a made-up text invalid without uploading it', async () => {
    const code = await sign(id(4));
    const flipped = code.slice(0, 40) + (code[40] === 'A' ? 'B' : 'A') + code.slice(41);
    expect(await decideLocally(flipped, knowledge([ticket(id(4))]), verifyTicketCode, { now })).toMatchObject({
      result: 'invalid',
      malformed: false,
      final: true,
    });
    expect(await decideLocally('https://example.com', knowledge(), verifyTicketCode, { now })).toMatchObject({
      result: 'invalid',
      malformed: true,
    });
  });

  it('calls a code signed with another key for this event invalid', async () => {
    const forged = await sign(id(5), { key: otherKeys.privateKey });
    expect((await decideLocally(forged, knowledge([ticket(id(5))]), verifyTicketCode, { now })).result).toBe('invalid');
  });

  it('recognises a ticket of another event before checking any signature', async () => {
    const other = await sign(id(6), { eventId: otherEventId, key: otherKeys.privateKey });
    const decision = await decideLocally(other, knowledge(), verifyTicketCode, { now });
    expect(decision).toMatchObject({ result: 'wrong_event', otherEventId, final: true });
  });

  it('refuses revoked, voided and unpaid tickets', async () => {
    expect(
      (await decideLocally(await sign(id(7)), knowledge([ticket(id(7))], { revoked: [id(7)] }), verifyTicketCode, { now }))
        .result,
    ).toBe('voided');
    expect(
      (await decideLocally(await sign(id(8)), knowledge([ticket(id(8), { status: 'voided' })]), verifyTicketCode, { now }))
        .result,
    ).toBe('voided');
    expect(
      (await decideLocally(await sign(id(9)), knowledge([ticket(id(9), { status: 'unpaid' })]), verifyTicketCode, { now }))
        .result,
    ).toBe('unpaid');
  });

  it('refuses the old code of a ticket passed on, and lets through a newer one it has not downloaded', async () => {
    const start = (code: string) => code.slice(3, 8);
    const first = await sign(id(20), { validFrom: new Date('2026-05-01T10:00:00Z') });
    const second = await sign(id(20), { validFrom: new Date('2026-06-01T09:00:00Z') });
    const third = await sign(id(20), { validFrom: new Date('2026-06-01T09:00:01Z') });
    expect(start(first)).not.toBe(start(second));
    // The device downloaded the ticket after it was passed on: it holds the second code's start and signing time.
    const codeFrom = Date.parse('2026-06-01T09:00:00Z') / 1000;
    const known = knowledge([ticket(id(20), { holderName: 'Grace Hopper', codeStart: start(second), codeFrom })]);
    expect(await decideLocally(second, known, verifyTicketCode, { now })).toMatchObject({ result: 'valid', notInList: false });
    expect(await decideLocally(first, known, verifyTicketCode, { now })).toMatchObject({
      result: 'voided',
      ticketId: id(20),
      final: false,
    });
    // Passed on again since the download: the newest code comes in as a ticket the device does not know yet.
    expect(await decideLocally(third, known, verifyTicketCode, { now })).toMatchObject({ result: 'valid', notInList: true });
    // Before its download of the transfer, the device knows nothing newer: the old code still comes in, as with voids.
    const before = knowledge([ticket(id(20), { codeStart: start(first) })]);
    expect(await decideLocally(first, before, verifyTicketCode, { now })).toMatchObject({ result: 'valid', notInList: false });
    expect(await decideLocally(second, before, verifyTicketCode, { now })).toMatchObject({ result: 'valid', notInList: true });
  });

  it('refuses a TEST ticket at an event not in test mode, naming it, without being sure of it', async () => {
    const list = knowledge([ticket(id(15), { test: true })]);
    const decision = await decideLocally(await sign(id(15)), list, verifyTicketCode, { now });
    // Not final: the organiser may have turned test mode on since the last sync, and the server knows.
    expect(decision).toMatchObject({ result: 'test_ticket', final: false, ticket: { holderName: 'Ada Lovelace', test: true } });
    const byHand = await decideLocally(id(15), list, verifyTicketCode, { now });
    expect(byHand.result).toBe('test_ticket');
  });

  it('admits a TEST ticket at an event in test mode, marked as a TEST ticket, and refuses it once used', async () => {
    const code = await sign(id(16));
    const inTestMode = knowledge([ticket(id(16), { test: true })], { testMode: true });
    const admitted = await decideLocally(code, inTestMode, verifyTicketCode, { now });
    expect(admitted).toMatchObject({ result: 'valid', ticket: { test: true } });
    const first = { at: '2026-06-20T19:01:00Z', deviceId: 'device-a1', deviceName: null };
    const again = await decideLocally(
      code,
      knowledge([ticket(id(16), { test: true })], { testMode: true, checkIns: { [id(16)]: first } }),
      verifyTicketCode,
      { now },
    );
    expect(again.result).toBe('already_used');
  });

  it('says voided or unpaid rather than TEST for a TEST ticket that is either, and admits real tickets in test mode', async () => {
    const voided = ticket(id(17), { test: true, status: 'voided' });
    expect((await decideLocally(await sign(id(17)), knowledge([voided]), verifyTicketCode, { now })).result).toBe('voided');
    const unpaid = ticket(id(18), { test: true, status: 'unpaid' });
    expect((await decideLocally(await sign(id(18)), knowledge([unpaid]), verifyTicketCode, { now })).result).toBe('unpaid');
    const inTestMode = knowledge([ticket(id(19))], { testMode: true });
    const real = await decideLocally(await sign(id(19)), inTestMode, verifyTicketCode, { now });
    expect(real).toMatchObject({ result: 'valid', ticket: { test: false } });
  });

  it('says not yet valid or expired outside the window, allowing five minutes of clock skew', async () => {
    const early = await sign(id(10), { validFrom: new Date('2026-06-20T20:10:00Z') });
    expect((await decideLocally(early, knowledge([ticket(id(10))]), verifyTicketCode, { now })).result).toBe('not_yet_valid');
    const nearly = await sign(id(10), { validFrom: new Date('2026-06-20T20:04:00Z') });
    expect((await decideLocally(nearly, knowledge([ticket(id(10))]), verifyTicketCode, { now })).result).toBe('valid');
    const late = await sign(id(11), { validUntil: new Date('2026-06-20T19:50:00Z') });
    expect((await decideLocally(late, knowledge([ticket(id(11))]), verifyTicketCode, { now })).result).toBe('expired');
  });

  it('reads lowercase codes and surrounding whitespace from keyboard-wedge scanners', async () => {
    const code = await sign(id(12));
    const typed = `  ${code.toLowerCase()}\n`;
    expect((await decideLocally(typed, knowledge([ticket(id(12))]), verifyTicketCode, { now })).result).toBe('valid');
  });

  it('checks in by ticket id only tickets of the list', async () => {
    expect((await decideLocally(id(13).toUpperCase(), knowledge([ticket(id(13))]), verifyTicketCode, { now })).result).toBe(
      'valid',
    );
    expect((await decideLocally(id(14), knowledge([ticket(id(13))]), verifyTicketCode, { now })).result).toBe('invalid');
  });
});
