import { describe, expect, it } from 'vitest';
import type { ScanRecord } from '../storage/scan-store.ts';
import { describeStatus } from './door-status.ts';
import { ScanLog } from './scan-log.ts';

const askedAt = Date.parse('2026-12-01T20:00:00Z');
const at = (seconds: number) => new Date(askedAt + seconds * 1000).toISOString();

function scan(id: string, change: Partial<ScanRecord>): ScanRecord {
  return {
    clientScanId: id,
    eventId: 'event',
    deviceId: 'device',
    code: id,
    ticketId: id,
    scannedAt: at(1),
    direction: 'in',
    manual: false,
    result: 'valid',
    decidedBy: 'server',
    uploaded: 1,
    serverResult: 'valid',
    duplicate: false,
    undoneAt: null,
    ...change,
  };
}

function status(log: ScanLog, mode: 'online' | 'offline' = 'online') {
  return describeStatus({
    mode,
    reason: '',
    tally: log.tally(),
    lastSyncAt: null,
    syncing: false,
    signInNeeded: false,
    serverCounts: { at: askedAt, counts: { sold: 6, checkedIn: 1, inside: 1 } },
    deviceCounts: () => ({ sold: 6, checkedIn: 4, inside: 4 }),
    movesSince: (since) => log.movesSince(since),
    now: askedAt + 7_000,
  });
}

describe('the door counts', () => {
  it('move with an admission on this device at once, not at the next time the server is asked', () => {
    const log = new ScanLog();
    expect(status(log).counts).toMatchObject({ checkedIn: 1, sold: 6, inside: 1 });
    log.set(scan('a', {}));
    expect(status(log)).toMatchObject({ countsFrom: 'server', counts: { checkedIn: 2, sold: 6, inside: 2 } });
  });

  it('count exits, undos and refusals as the server will, and nothing the server had already counted', () => {
    const log = new ScanLog();
    // Before the server was asked: already in its counts.
    log.set(scan('before', { scannedAt: at(-30) }));
    log.set(scan('in', {}));
    log.set(scan('out', { direction: 'out', scannedAt: at(2) }));
    log.set(scan('refused', { result: 'already_used' }));
    log.set(scan('duplicate', { duplicate: true }));
    log.set(scan('undone', { undoneAt: at(3) }));
    // Admitted before the server was asked, undone since: the server's count loses it.
    log.set(scan('withdrawn', { scannedAt: at(-10), undoneAt: at(4) }));
    expect(status(log).counts).toMatchObject({ checkedIn: 1, inside: 0 });
  });

  it('are the device’s own while offline', () => {
    const log = new ScanLog();
    log.set(scan('a', {}));
    expect(status(log, 'offline')).toMatchObject({ countsFrom: 'device', counts: { checkedIn: 4, inside: 4 } });
  });
});
