import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSigningKey } from '../../server/features/orders/tickets/ticket-issue.repository.ts';
import { type ScanDataPage, scanDataTicketRows, ticketKey } from '../../src/contract/scan-data.ts';
import { signTicketCode } from '../../src/contract/ticket-code.ts';
import { type Door, doorKit, type Method, type Person } from '../fixtures/door.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import type { BulkTicket } from '../fixtures/tickets.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: 'https://admit.example' });
});
afterAll(() => api.close());

const { call, member, door, tickets, deviceId, scan, verdict, scanData, allPages, prepared } = doorKit(() => api);

/** The same code with one character changed to another of the alphabet. */
const altered = (code: string, index: number) => {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
  const current = alphabet.indexOf(code[index] as string);
  return code.slice(0, index) + alphabet[(current + 7) % alphabet.length] + code.slice(index + 1);
};

describe('a scan at the door', () => {
  let d: Door;
  let sold: BulkTicket[];
  beforeAll(async () => {
    d = await door();
    sold = await tickets(d, 6);
  });

  it('admits a valid ticket once, then says when and where it was first used', async () => {
    const device = deviceId();
    const ticket = sold[0] as BulkTicket;
    const first = await verdict(d, scan(ticket.code, device));
    expect(first).toEqual({
      result: 'valid',
      ticket: expect.objectContaining({ id: ticket.id, holderName: ticket.holderName, orderReference: ticket.reference }),
      firstCheckIn: null,
      duplicate: false,
    });
    const again = await verdict(d, scan(ticket.code.toLowerCase(), deviceId()));
    expect(again.result).toBe('already_used');
    expect(again.firstCheckIn).toMatchObject({ deviceId: device, deviceName: 'Dora D.' });
    expect(Date.now() - Date.parse(again.firstCheckIn?.at ?? '')).toBeLessThan(60_000);
  });

  it('answers a repeat of the same scan with its first verdict and records it once', async () => {
    const body = scan((sold[1] as BulkTicket).code, deviceId());
    expect((await verdict(d, body)).result).toBe('valid');
    expect((await verdict(d, body)).result).toBe('valid');
    const rows = await api.database.db
      .selectFrom('checkins')
      .select('id')
      .where('client_scan_id', '=', body.clientScanId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('says invalid for made-up, altered and forged codes, and never stores a code', async () => {
    const ticket = sold[2] as BulkTicket;
    const device = deviceId();
    for (const code of [
      'hello',
      'AD1',
      `AD1${'0'.repeat(175)}`,
      altered(ticket.code, 3),
      altered(ticket.code, 100),
      altered(ticket.code, 177),
    ]) {
      const answer = await verdict(d, scan(code, device));
      expect(answer.result, code).toBe('invalid');
      expect(answer.ticket).toBeNull();
    }
    // Another event's key signing this event's ticket id: forged.
    const other = await door();
    const [foreign] = await tickets(other, 1);
    const forged = (foreign as BulkTicket).code;
    const stored = await api.database.db.selectFrom('checkins').select(['code_hash']).execute();
    expect(JSON.stringify(stored)).not.toContain(ticket.code.slice(3, 40));
    expect((await verdict(d, scan(forged, device))).result).toBe('wrong_event');
    // The ticket was never admitted by any of this.
    expect((await verdict(d, scan(ticket.code, device))).result).toBe('valid');
  });

  it('says invalid for a code signed with another key that names a real ticket of this event, and voided for an earlier code of a reissued ticket', async () => {
    const ticket = (await tickets(d, 1))[0] as BulkTicket;
    const payload = {
      version: 1 as const,
      ticketId: ticket.id,
      eventId: d.eventId,
      ticketTypeId: ticket.ticketTypeId,
      validFrom: new Date(Date.now() - 3600_000),
      validUntil: new Date(Date.now() + 86_400_000),
    };
    const other = await door();
    const forged = await signTicketCode((await eventSigningKey(api.database.db, other.eventId)).private_key, payload);
    expect(await verdict(d, scan(forged, deviceId()))).toMatchObject({ result: 'invalid', ticket: null });
    // Signed by this event's key, but not the code issued for the ticket now (it was reissued since).
    const earlier = await signTicketCode((await eventSigningKey(api.database.db, d.eventId)).private_key, payload);
    expect(earlier).not.toBe(ticket.code);
    expect(await verdict(d, scan(earlier, deviceId()))).toMatchObject({ result: 'voided', ticket: { id: ticket.id } });
    // Neither admitted the ticket; the issued code does.
    expect((await verdict(d, scan(ticket.code, deviceId()))).result).toBe('valid');
  });

  it('says wrong event for a genuine ticket of another event, and invalid for its id typed by hand', async () => {
    const other = await door();
    const [foreign] = (await tickets(other, 1)) as [BulkTicket];
    const answer = await verdict(d, scan(foreign.code, deviceId()));
    expect(answer).toMatchObject({ result: 'wrong_event', ticket: null });
    expect((await verdict(d, scan(foreign.id, deviceId(), { manual: true }))).result).toBe('invalid');
    expect((await verdict(d, scan(randomUUID(), deviceId(), { manual: true }))).result).toBe('invalid');
  });

  it('says voided for refunded and revoked tickets, unpaid for unpaid orders', async () => {
    const [refunded, revoked] = sold.slice(3, 5) as [BulkTicket, BulkTicket];
    await api.database.db
      .updateTable('tickets')
      .set({ status: 'voided', voided_at: new Date() })
      .where('id', '=', refunded.id)
      .execute();
    await api.database.db
      .insertInto('ticket_revocations')
      .values({ ticket_id: revoked.id, event_id: d.eventId, reason: 'reissued' })
      .execute();
    expect((await verdict(d, scan(refunded.code, deviceId()))).result).toBe('voided');
    expect((await verdict(d, scan(revoked.code, deviceId()))).result).toBe('voided');
    const [unpaid] = (await tickets(d, 1, { orderStatus: 'pending' })) as [BulkTicket];
    expect(await verdict(d, scan(unpaid.code, deviceId()))).toMatchObject({ result: 'unpaid', ticket: { id: unpaid.id } });
  });

  it('says not yet valid and expired outside the ticket’s window', async () => {
    const [early] = (await tickets(d, 1, {
      validFrom: new Date(Date.now() + 86_400_000),
      validUntil: new Date(Date.now() + 2 * 86_400_000),
    })) as [BulkTicket];
    const [late] = (await tickets(d, 1, {
      validFrom: new Date(Date.now() - 2 * 86_400_000),
      validUntil: new Date(Date.now() - 86_400_000),
    })) as [BulkTicket];
    expect((await verdict(d, scan(early.code, deviceId()))).result).toBe('not_yet_valid');
    expect((await verdict(d, scan(late.code, deviceId()))).result).toBe('expired');
  });

  it('checks in by ticket id by hand', async () => {
    const ticket = sold[5] as BulkTicket;
    expect(await verdict(d, scan(ticket.id, deviceId(), { manual: true }))).toMatchObject({
      result: 'valid',
      ticket: { id: ticket.id },
    });
    const admission = await api.database.db
      .selectFrom('ticket_admissions')
      .innerJoin('checkins', 'checkins.id', 'ticket_admissions.checkin_id')
      .select(['checkins.manual', 'checkins.result'])
      .where('ticket_admissions.ticket_id', '=', ticket.id)
      .executeTakeFirst();
    expect(admission).toEqual({ manual: true, result: 'valid' });
  });
});

describe('many scanners at once', () => {
  it('8 parallel scanners over the same 1,000 tickets admit exactly 1,000', { timeout: 180_000 }, async () => {
    const d = await door();
    const sold = await tickets(d, 1000);
    // Four door staff, two phones each.
    const staff = [d.door, ...(await Promise.all([1, 2, 3].map(() => member(d.owner, 'door'))))];
    const scanners = Array.from({ length: 8 }, (_, index) => ({
      who: staff[index % staff.length] as Person,
      device: deviceId(),
      // Each scanner walks the tickets from a different place, so they collide all the way.
      order: [...sold.slice((index * 125) % 1000), ...sold.slice(0, (index * 125) % 1000)],
    }));
    const results = await Promise.all(
      scanners.map(async ({ who, device, order }) => {
        const counts: Record<string, number> = {};
        for (const ticket of order) {
          const answer = await verdict(d, scan(ticket.code, device), who);
          counts[answer.result] = (counts[answer.result] ?? 0) + 1;
        }
        return counts;
      }),
    );
    const total = (kind: string) => results.reduce((sum, counts) => sum + (counts[kind] ?? 0), 0);
    expect(total('valid')).toBe(1000);
    expect(total('already_used')).toBe(7000);
    const admissions = await api.database.db
      .selectFrom('ticket_admissions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', '=', d.eventId)
      .executeTakeFirstOrThrow();
    expect(Number(admissions.n)).toBe(1000);
    const logged = await api.database.db
      .selectFrom('checkins')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', '=', d.eventId)
      .executeTakeFirstOrThrow();
    expect(Number(logged.n)).toBe(8000);
    const stats = await call('GET', `/events/${d.eventId}/checkins/stats`, d.door.bearer);
    expect(stats.json().data).toEqual({ sold: 1000, checkedIn: 1000, inside: 1000, clockSuspect: 0 });
  });
});

describe('offline uploads', () => {
  it('a batch sent twice records each scan once and answers the same', async () => {
    const d = await door();
    const sold = await tickets(d, 3);
    const device = deviceId();
    await prepared(d, device, 5 * 60_000);
    const base = Date.now() - 60_000;
    const scans = [
      scan((sold[0] as BulkTicket).code, device, { offlineResult: 'valid', scannedAt: new Date(base).toISOString() }),
      scan((sold[1] as BulkTicket).code, device, { offlineResult: 'valid', scannedAt: new Date(base + 1000).toISOString() }),
      scan((sold[0] as BulkTicket).code, device, {
        offlineResult: 'already_used',
        scannedAt: new Date(base + 2000).toISOString(),
      }),
      scan('garbage', device, { offlineResult: 'invalid', scannedAt: new Date(base + 3000).toISOString() }),
    ];
    const first = await call('POST', `/events/${d.eventId}/checkins/batch`, d.door.bearer, { scans });
    expect(first.statusCode).toBe(200);
    const results = first.json().data.results as { clientScanId: string; result: string; duplicate: boolean }[];
    expect(results.map((r) => [r.clientScanId, r.result, r.duplicate])).toEqual([
      [scans[0]?.clientScanId, 'valid', false],
      [scans[1]?.clientScanId, 'valid', false],
      [scans[2]?.clientScanId, 'already_used', false],
      [scans[3]?.clientScanId, 'invalid', false],
    ]);
    const second = await call('POST', `/events/${d.eventId}/checkins/batch`, d.door.bearer, { scans });
    expect(second.json().data.results).toEqual(first.json().data.results);
    const logged = await api.database.db.selectFrom('checkins').select('id').where('event_id', '=', d.eventId).execute();
    expect(logged).toHaveLength(4);
  });

  it('two offline devices scanning one ticket: the earliest admits, the other is flagged, both see it after sync', async () => {
    const d = await door();
    const [ticket] = (await tickets(d, 1)) as [BulkTicket];
    const early = deviceId();
    const late = deviceId();
    await prepared(d, early, 5 * 60_000);
    await prepared(d, late, 5 * 60_000);
    const full = await allPages(d, '');
    const syncedAt = full.at(-1)?.syncedAt as string;
    const earlyScan = scan(ticket.code, early, {
      offlineResult: 'valid',
      scannedAt: new Date(Date.now() - 90_000).toISOString(),
    });
    const lateScan = scan(ticket.code, late, { offlineResult: 'valid', scannedAt: new Date(Date.now() - 30_000).toISOString() });

    // The later scan uploads first and admits the ticket — until the earlier one arrives.
    const lateAnswer = await call('POST', `/events/${d.eventId}/checkins/batch`, d.door.bearer, { scans: [lateScan] });
    expect(lateAnswer.json().data.results[0]).toMatchObject({ result: 'valid', duplicate: false });
    const earlyAnswer = await call('POST', `/events/${d.eventId}/checkins/batch`, d.door.bearer, { scans: [earlyScan] });
    expect(earlyAnswer.json().data.results[0]).toMatchObject({ result: 'valid', duplicate: false });

    const changes = await scanData(d, `?since=${encodeURIComponent(syncedAt)}`);
    expect(changes.kind).toBe('changes');
    const byScan = new Map(changes.scans.map((s) => [s.clientScanId, s]));
    expect(byScan.get(earlyScan.clientScanId)).toMatchObject({ result: 'valid', duplicate: false, ticket: ticketKey(ticket.id) });
    expect(byScan.get(lateScan.clientScanId)).toMatchObject({ duplicate: true, ticket: ticketKey(ticket.id) });
    expect(changes.devices[byScan.get(lateScan.clientScanId)?.device ?? -1]?.id).toBe(late);
    const [row] = scanDataTicketRows(changes);
    expect(row?.checkedIn).toMatchObject({
      deviceId: early,
      at: new Date(earlyScan.scannedAt).toISOString().replace(/\.\d+Z$/, '.000Z'),
    });

    // A third, later offline scan (from a device that never downloaded the event, so timed by the server and
    // flagged) is recorded as a duplicate too; a repeat of the early scan changes nothing.
    const third = scan(ticket.code, deviceId(), { offlineResult: 'valid' });
    const thirdAnswer = await call('POST', `/events/${d.eventId}/checkins/batch`, d.door.bearer, { scans: [third, earlyScan] });
    expect(thirdAnswer.json().data.results).toEqual([
      expect.objectContaining({
        result: 'already_used',
        duplicate: true,
        firstCheckIn: expect.objectContaining({ deviceId: early }),
      }),
      expect.objectContaining({ clientScanId: earlyScan.clientScanId, result: 'valid' }),
    ]);
    const stats = await call('GET', `/events/${d.eventId}/checkins/stats`, d.door.bearer);
    expect(stats.json().data).toEqual({ sold: 1, checkedIn: 1, inside: 1, clockSuspect: 1 });
  });

  it('counts exits and re-entries for “inside”', async () => {
    const d = await door();
    const [a, b] = (await tickets(d, 2)) as [BulkTicket, BulkTicket];
    const device = deviceId();
    await verdict(d, scan(a.code, device));
    await verdict(d, scan(b.code, device));
    expect((await verdict(d, scan(a.code, device, { direction: 'out' }))).result).toBe('valid');
    let stats = await call('GET', `/events/${d.eventId}/checkins/stats`, d.door.bearer);
    expect(stats.json().data).toEqual({ sold: 2, checkedIn: 2, inside: 1, clockSuspect: 0 });
    expect((await verdict(d, scan(a.code, device))).result).toBe('valid');
    stats = await call('GET', `/events/${d.eventId}/checkins/stats`, d.door.bearer);
    expect(stats.json().data).toEqual({ sold: 2, checkedIn: 2, inside: 2, clockSuspect: 0 });
  });
});

describe('undoing a check-in', () => {
  it('within 2 minutes by the scanner or a manager; logged; the ticket admits again', async () => {
    const d = await door();
    const [ticket, old] = (await tickets(d, 2)) as [BulkTicket, BulkTicket];
    const device = deviceId();
    const body = scan(ticket.code, device);
    await verdict(d, body);
    const otherDoor = await member(d.owner, 'door');
    const refused = await call('POST', `/events/${d.eventId}/checkins/undo`, otherDoor.bearer, {
      deviceId: device,
      clientScanId: body.clientScanId,
    });
    expect(refused.statusCode).toBe(403);

    const undo = await call('POST', `/events/${d.eventId}/checkins/undo`, d.door.bearer, {
      deviceId: device,
      clientScanId: body.clientScanId,
      reason: 'Scanned the wrong ticket',
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data).toMatchObject({ clientScanId: body.clientScanId, ticketId: ticket.id });
    const again = await call('POST', `/events/${d.eventId}/checkins/undo`, d.door.bearer, {
      deviceId: device,
      clientScanId: body.clientScanId,
    });
    expect(again.json().data).toEqual(undo.json().data);
    const log = await api.database.db
      .selectFrom('checkins')
      .selectAll()
      .where('ticket_id', '=', ticket.id)
      .orderBy('received_at')
      .execute();
    expect(log.map((row) => row.kind)).toEqual(['scan', 'undo']);
    expect(log[1]?.reason).toBe('Scanned the wrong ticket');
    expect((await verdict(d, scan(ticket.code, device))).result).toBe('valid');

    // Too late: scanned 3 minutes ago, by a device prepared before that.
    await prepared(d, device, 10 * 60_000);
    const late = scan(old.code, device, { offlineResult: 'valid', scannedAt: new Date(Date.now() - 180_000).toISOString() });
    await call('POST', `/events/${d.eventId}/checkins/batch`, d.door.bearer, { scans: [late] });
    const tooLate = await call('POST', `/events/${d.eventId}/checkins/undo`, d.owner.bearer, {
      deviceId: device,
      clientScanId: late.clientScanId,
    });
    expect(tooLate.statusCode).toBe(409);
    const unknown = await call('POST', `/events/${d.eventId}/checkins/undo`, d.owner.bearer, {
      deviceId: device,
      clientScanId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    // The log is append-only, in the database itself.
    await expect(api.database.db.deleteFrom('checkins').where('ticket_id', '=', ticket.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(
      api.database.db.updateTable('checkins').set({ result: 'invalid' }).where('ticket_id', '=', ticket.id).execute(),
    ).rejects.toThrow(/append-only/);
  });
});

describe('scan data', () => {
  it('pages through every ticket compactly, and sends only changes since the last sync', async () => {
    const d = await door();
    const sold = await tickets(d, 250);
    await verdict(d, scan((sold[0] as BulkTicket).code, 'door-phone-1'));
    const raw = await call('GET', `/events/${d.eventId}/scan-data?limit=100`, { ...d.door.bearer, 'accept-encoding': 'gzip' });
    expect(raw.headers['content-encoding']).toBe('gzip');
    const firstPage = JSON.parse(gunzipSync(raw.rawPayload).toString('utf8')).data as ScanDataPage;
    expect(firstPage).toMatchObject({ kind: 'full', totalTickets: 250, event: { id: d.eventId } });
    expect(firstPage.keys).toHaveLength(1);
    expect(firstPage.nextCursor).not.toBeNull();

    const pages = await allPages(d, '', 100);
    expect(pages).toHaveLength(3);
    expect(new Set(pages.map((page) => page.syncedAt)).size).toBe(1);
    const rows = pages.flatMap((page) => scanDataTicketRows(page));
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(sold.map((t) => t.id)));
    const first = rows.find((row) => row.id === sold[0]?.id);
    expect(first).toMatchObject({ status: 'valid', checkedIn: { deviceId: 'door-phone-1', deviceName: 'Dora D.' } });
    for (const ticket of sold) {
      const row = rows.find((r) => r.id === ticket.id);
      expect(row?.holderName).toBe(ticket.holderName);
      expect(row?.orderReference).toBe(ticket.reference);
      expect(ticket.code.slice(3, 8)).toBe(row?.codeStart);
    }
    // Codes never leave the server in scan data.
    expect(JSON.stringify(pages)).not.toContain((sold[1] as BulkTicket).code.slice(3, 30));

    const syncedAt = pages.at(-1)?.syncedAt as string;
    await new Promise((done) => setTimeout(done, 20));
    const added = await tickets(d, 2);
    await api.database.db
      .updateTable('tickets')
      .set({ status: 'voided', voided_at: new Date() })
      .where('id', '=', (sold[10] as BulkTicket).id)
      .execute();
    await verdict(d, scan((sold[20] as BulkTicket).code, 'door-phone-2'));
    const changes = await allPages(d, `since=${encodeURIComponent(syncedAt)}`);
    const changed = changes.flatMap((page) => scanDataTicketRows(page));
    const ids = new Set(changed.map((row) => row.id));
    // Everything that changed is there (a little before syncedAt too, by design: applying is idempotent).
    for (const id of [...added.map((t) => t.id), sold[10]?.id, sold[20]?.id]) expect(ids.has(id as string)).toBe(true);
    expect(changed.find((row) => row.id === sold[10]?.id)?.status).toBe('voided');
    expect(changed.find((row) => row.id === sold[20]?.id)?.checkedIn?.deviceId).toBe('door-phone-2');
    expect(changes[0]?.scans.some((s) => s.ticket === ticketKey(sold[20]?.id as string))).toBe(true);
    expect(Date.parse(changes[0]?.syncedAt as string)).toBeGreaterThan(Date.parse(syncedAt));
  });
});

describe('who may scan', () => {
  it('owners, managers and door staff scan; finance members get 403; other organisations 404; no sign-in 401', async () => {
    const d = await door();
    const sold = await tickets(d, 4);
    const manager = await member(d.owner, 'manager');
    const finance = await member(d.owner, 'finance');
    expect((await verdict(d, scan((sold[0] as BulkTicket).code, deviceId()), d.owner)).result).toBe('valid');
    expect((await verdict(d, scan((sold[1] as BulkTicket).code, deviceId()), manager)).result).toBe('valid');
    expect((await verdict(d, scan((sold[2] as BulkTicket).code, deviceId()), d.door)).result).toBe('valid');

    const stranger = await door();
    const routes: [Method, string, object?][] = [
      ['GET', `/events/${d.eventId}/scan-data`],
      ['GET', `/events/${d.eventId}/checkins/stats`],
      ['POST', `/events/${d.eventId}/checkins`, scan((sold[3] as BulkTicket).code, deviceId())],
      ['POST', `/events/${d.eventId}/checkins/batch`, { scans: [scan((sold[3] as BulkTicket).code, deviceId())] }],
      ['POST', `/events/${d.eventId}/checkins/undo`, { deviceId: deviceId(), clientScanId: randomUUID() }],
    ];
    for (const [method, url, body] of routes) {
      const asFinance = await call(method, url, finance.bearer, body);
      expect(asFinance.statusCode, url).toBe(403);
      expect(asFinance.json().message).toBe('Only owners, managers and door staff can check in tickets.');
      for (const outsider of [stranger.owner, stranger.door]) {
        const response = await call(method, url, outsider.bearer, body);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().data).toBeUndefined();
      }
      expect((await call(method, url, {}, body)).statusCode).toBe(401);
    }
    // Nothing the refused calls sent was recorded.
    const stats = await call('GET', `/events/${d.eventId}/checkins/stats`, d.door.bearer);
    expect(stats.json().data).toEqual({ sold: 4, checkedIn: 3, inside: 3, clockSuspect: 0 });
  });
});

describe('bad input', () => {
  it('answers 400 with the fields on every route', async () => {
    const d = await door();
    const device = deviceId();
    const bad: [Method, string, object | undefined, string][] = [
      ['GET', '/events/not-a-uuid/scan-data', undefined, 'params.eventId'],
      ['GET', `/events/${d.eventId}/scan-data?limit=0`, undefined, 'query.limit'],
      ['GET', `/events/${d.eventId}/scan-data?since=yesterday`, undefined, 'query.since'],
      ['GET', `/events/${d.eventId}/scan-data?cursor=abc&since=${new Date().toISOString()}`, undefined, 'query.cursor'],
      ['GET', `/events/${d.eventId}/scan-data?cursor=!!`, undefined, 'query.cursor'],
      ['GET', `/events/${d.eventId}/scan-data?deviceId=a%20b`, undefined, 'query.deviceId'],
      ['GET', '/events/nope/checkins/stats', undefined, 'params.eventId'],
      ['POST', `/events/${d.eventId}/checkins`, {}, 'body.code'],
      ['POST', `/events/${d.eventId}/checkins`, { ...scan('x', device), deviceId: 'a b' }, 'body.deviceId'],
      ['POST', `/events/${d.eventId}/checkins`, { ...scan('x', device), clientScanId: '1' }, 'body.clientScanId'],
      ['POST', `/events/${d.eventId}/checkins`, { ...scan('x', device), scannedAt: 'now' }, 'body.scannedAt'],
      ['POST', `/events/${d.eventId}/checkins`, { ...scan('x', device), direction: 'up' }, 'body.direction'],
      ['POST', `/events/${d.eventId}/checkins`, { ...scan('x'.repeat(301), device) }, 'body.code'],
      ['POST', `/events/${d.eventId}/checkins/batch`, { scans: [] }, 'body.scans'],
      ['POST', `/events/${d.eventId}/checkins/batch`, { scans: [{ code: 'x' }] }, 'body.scans.0.deviceId'],
      ['POST', `/events/${d.eventId}/checkins/undo`, { deviceId: device }, 'body.clientScanId'],
    ];
    for (const [method, url, body, path] of bad) {
      const response = await call(method, url, d.door.bearer, body);
      expect(response.statusCode, url).toBe(400);
      expect(
        response.json().errors.map((e: { path: string }) => e.path),
        url,
      ).toContain(path);
    }
    // A cursor that is not ours cannot resume anything.
    const forgedCursor = Buffer.from(JSON.stringify({ t: Date.now(), s: null, l: 5, n: 1, o: 'x', p: 0, i: 'y' })).toString(
      'base64url',
    );
    const resumed = await call('GET', `/events/${d.eventId}/scan-data?cursor=${forgedCursor}`, d.door.bearer);
    expect(resumed.statusCode).toBe(400);
  });
});
