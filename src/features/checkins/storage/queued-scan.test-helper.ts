import type { ScanRecord } from './scan-store.ts';

/** A scan decided on the device and not uploaded yet: one entry of the upload queue, for tests. */
export function queuedScan(eventId: string, change: Partial<ScanRecord> = {}): ScanRecord {
  return {
    clientScanId: crypto.randomUUID(),
    eventId,
    deviceId: 'device-test-1',
    code: 'AD1TEST',
    ticketId: crypto.randomUUID(),
    scannedAt: new Date().toISOString(),
    direction: 'in',
    manual: false,
    result: 'valid',
    decidedBy: 'device',
    uploaded: 0,
    serverResult: null,
    duplicate: false,
    undoneAt: null,
    ...change,
  };
}
