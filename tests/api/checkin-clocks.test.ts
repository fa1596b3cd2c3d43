import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCANS_PER_ACCOUNT_PER_MINUTE } from '../../server/features/checkins/door-access.service.ts';
import { type Door, doorKit, type Person } from '../fixtures/door.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import type { BulkTicket } from '../fixtures/tickets.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: 'https://admit.example' });
});
afterAll(() => api.close());

const { call, member, door, tickets, deviceId, scan, verdict, scanData, prepared } = doorKit(() => api);

const minutes = (count: number) => count * 60_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

type Result = { clientScanId: string; result: string; duplicate: boolean };

async function upload(d: Door, scans: object[], who: Person = d.door): Promise<Result[]> {
  const response = await call('POST', `/events/${d.eventId}/checkins/batch`, who.bearer, { scans });
  if (response.statusCode !== 200) throw new Error(`batch answered ${response.statusCode}: ${response.body}`);
  return response.json().data.results;
}

const logRow = (clientScanId: string) =>
  api.database.db
    .selectFrom('checkins')
    .select(['scanned_at', 'received_at', 'clock_suspect', 'device_scanned_at', 'result'])
    .where('client_scan_id', '=', clientScanId)
    .executeTakeFirstOrThrow();

const stats = async (d: Door) => (await call('GET', `/events/${d.eventId}/checkins/stats`, d.door.bearer)).json().data;

describe('the time of a scan decided offline', () => {
  let d: Door;
  beforeAll(async () => {
    d = await door();
  });

  it('is not trusted when it is in the future: a ticket not valid yet stays refused, and the scan is flagged', async () => {
    const [ticket] = (await tickets(d, 1, { validFrom: new Date(Date.now() + minutes(24 * 60)) })) as [BulkTicket];
    const device = deviceId();
    await prepared(d, device, minutes(10));
    // The device's clock says tomorrow, inside the ticket's window.
    const claimed = at(minutes(25 * 60));
    const body = scan(ticket.code, device, { offlineResult: 'valid', scannedAt: claimed });
    const [answer] = await upload(d, [body]);
    expect(answer).toMatchObject({ result: 'not_yet_valid', duplicate: false });

    const row = await logRow(body.clientScanId);
    expect(row.clock_suspect).toBe(true);
    expect(new Date(row.device_scanned_at as Date).toISOString()).toBe(claimed);
    expect(Math.abs(new Date(row.scanned_at).getTime() - Date.now())).toBeLessThan(minutes(1));
  });

  it('is not trusted when it is before the device downloaded the event: an expired ticket stays expired', async () => {
    const [ticket] = (await tickets(d, 1, { validUntil: new Date(Date.now() - minutes(60)) })) as [BulkTicket];
    const device = deviceId();
    await prepared(d, device, minutes(10));
    // Claimed two hours ago, while the ticket was valid, but the device only had the event 10 minutes ago.
    const body = scan(ticket.code, device, { offlineResult: 'valid', scannedAt: at(-minutes(120)) });
    const [answer] = await upload(d, [body]);
    expect(answer).toMatchObject({ result: 'expired' });
    expect((await logRow(body.clientScanId)).clock_suspect).toBe(true);
  });

  it('is not trusted from a device id that never downloaded the event', async () => {
    const [ticket] = (await tickets(d, 1, { validUntil: new Date(Date.now() - minutes(60)) })) as [BulkTicket];
    const body = scan(ticket.code, deviceId(), { offlineResult: 'valid', scannedAt: at(-minutes(120)) });
    const [answer] = await upload(d, [body]);
    expect(answer).toMatchObject({ result: 'expired' });
    expect((await logRow(body.clientScanId)).clock_suspect).toBe(true);

    // Sent one at a time (a device that was slow, not offline), the same rule holds.
    const [other] = (await tickets(d, 1, { validUntil: new Date(Date.now() - minutes(60)) })) as [BulkTicket];
    const single = scan(other.code, deviceId(), { offlineResult: 'valid', scannedAt: at(-minutes(120)) });
    expect((await verdict(d, single)).result).toBe('expired');
    expect((await logRow(single.clientScanId)).clock_suspect).toBe(true);
  });

  it('is not vouched for by a download someone outside the organisation tried for that device', async () => {
    const [ticket] = (await tickets(d, 1, { validUntil: new Date(Date.now() - minutes(60)) })) as [BulkTicket];
    const device = deviceId();
    const stranger = await door();
    const refused = await call('GET', `/events/${d.eventId}/scan-data?deviceId=${device}`, stranger.door.bearer);
    expect(refused.statusCode).toBe(404);
    const body = scan(ticket.code, device, { offlineResult: 'valid', scannedAt: at(-minutes(90)) });
    expect((await upload(d, [body]))[0]).toMatchObject({ result: 'expired' });
    expect((await logRow(body.clientScanId)).clock_suspect).toBe(true);
  });

  it('is trusted within two minutes of the bounds, and counts for the admission', async () => {
    const sold = (await tickets(d, 2, { validUntil: new Date(Date.now() - minutes(10)) })) as BulkTicket[];
    const device = deviceId();
    await prepared(d, device, minutes(30));
    // A minute before the download, and a minute ahead of the server: a drifting clock, not a wrong one.
    const early = scan((sold[0] as BulkTicket).code, device, { offlineResult: 'valid', scannedAt: at(-minutes(31)) });
    const ahead = scan((sold[1] as BulkTicket).code, device, { offlineResult: 'valid', scannedAt: at(minutes(1)) });
    const answers = await upload(d, [early, ahead]);
    expect(answers.map((answer) => answer.result)).toEqual(['valid', 'expired']);
    const row = await logRow(early.clientScanId);
    expect(row).toMatchObject({ clock_suspect: false, device_scanned_at: null });
    expect(new Date(row.scanned_at).toISOString()).toBe(early.scannedAt);
    expect((await logRow(ahead.clientScanId)).clock_suspect).toBe(false);
  });

  it('shows the organiser which scans were flagged, in the counts and in the scan log', async () => {
    const fresh = await door();
    const [ticket, other] = (await tickets(fresh, 2)) as [BulkTicket, BulkTicket];
    const device = deviceId();
    await prepared(fresh, device, minutes(10));
    const since = (await scanData(fresh, `?deviceId=${device}`)).syncedAt;
    const trusted = scan(ticket.code, device, { offlineResult: 'valid', scannedAt: at(-minutes(5)) });
    const wrong = scan(other.code, device, { offlineResult: 'valid', scannedAt: at(minutes(60)) });
    await upload(fresh, [trusted, wrong]);

    expect(await stats(fresh)).toEqual({ sold: 2, checkedIn: 2, inside: 2, clockSuspect: 1 });
    const changes = await scanData(fresh, `?since=${encodeURIComponent(since)}&deviceId=${device}`);
    const flags = new Map(changes.scans.map((entry) => [entry.clientScanId, entry.clockSuspect]));
    expect(flags.get(trusted.clientScanId)).toBe(false);
    expect(flags.get(wrong.clientScanId)).toBe(true);
  });

  it('of an online scan is about when it arrived: a wild clock is flagged and cannot stretch the undo window', async () => {
    const [ticket] = (await tickets(d, 1)) as [BulkTicket];
    const device = deviceId();
    const body = scan(ticket.code, device, { scannedAt: at(minutes(7 * 24 * 60)) });
    expect((await verdict(d, body)).result).toBe('valid');
    const row = await logRow(body.clientScanId);
    expect(row.clock_suspect).toBe(true);
    expect(Math.abs(new Date(row.scanned_at).getTime() - Date.now())).toBeLessThan(minutes(1));
    const admission = await api.database.db
      .selectFrom('ticket_admissions')
      .select('scanned_at')
      .where('ticket_id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(new Date(admission.scanned_at).getTime()).toBe(new Date(row.scanned_at).getTime());
  });
});

describe('the scan quota', () => {
  it('is counted per account and event, so inventing device ids does not raise it', { timeout: 120_000 }, async () => {
    await awayFromWindowEdge(60, 25);
    const d = await door();
    const batch = 500;
    // Every scan from a new device id: a per-device quota would never refuse any of them.
    const batchOfNewDevices = () =>
      Array.from({ length: batch }, () => scan(`not-a-ticket-${randomUUID()}`, deviceId(), { offlineResult: 'invalid' }));
    // Sent again and again (a device retrying after lost answers): repeats count too, and cost the server little.
    const first = batchOfNewDevices();
    for (let sent = 0; sent < SCANS_PER_ACCOUNT_PER_MINUTE; sent += batch) await upload(d, first);

    const refused = await call('POST', `/events/${d.eventId}/checkins/batch`, d.door.bearer, { scans: batchOfNewDevices() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      httpStatus: 'TOO_MANY_REQUESTS',
      message: 'Too many scans from this account. Please wait a minute and try again.',
    });
    const online = await call('POST', `/events/${d.eventId}/checkins`, d.door.bearer, scan('not-a-ticket', deviceId()));
    expect(online.statusCode).toBe(429);

    // Another member of the door team has a quota of their own.
    const colleague = await member(d.owner, 'door');
    expect((await upload(d, batchOfNewDevices().slice(0, 10), colleague)).length).toBe(10);
  });
});
