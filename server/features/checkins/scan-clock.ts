/**
 * When a scan happened, as far as the server can tell. A device's `scannedAt` is its own clock: it decides
 * which of two offline scans of a ticket admitted it and whether the ticket was within its validity window,
 * so it is trusted only within what the server knows. A scan decided on the device cannot be earlier than
 * that device's first download of the event's scan data, nor later than its upload; an online scan happened
 * when it arrived. Each bound has a little room for clocks that drift. Outside the bounds (or from a device
 * that never downloaded the event) the scan is timed by the server's receive time and flagged for the
 * organiser.
 */
import type { Db } from '../../db/database.ts';

/** How far a device clock may drift from the server's before its scans are not trusted. */
export const SCAN_CLOCK_SKEW_MS = 2 * 60 * 1000;

export interface ScanTime {
  /** The time the server judges the scan by and records as its `scanned_at`. */
  at: Date;
  /** The device's clock was outside the bounds; `at` is the receive time. */
  suspect: boolean;
  /** What the device said, kept when it was not trusted. */
  claimed: Date | null;
}

/** Remembers the first time the device downloaded the event's scan data (later downloads change nothing). */
export async function recordDownload(db: Db, eventId: string, deviceId: string, userId: string): Promise<void> {
  await db
    .insertInto('scan_data_downloads')
    .values({ event_id: eventId, device_id: deviceId, user_id: userId })
    .onConflict((oc) => oc.columns(['event_id', 'device_id']).doNothing())
    .execute();
}

/** When each of the devices first downloaded the event; devices that never did are absent. */
export async function firstDownloads(db: Db, eventId: string, deviceIds: string[]): Promise<Map<string, Date>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('scan_data_downloads')
    .select(['device_id', 'downloaded_at'])
    .where('event_id', '=', eventId)
    .where('device_id', 'in', [...new Set(deviceIds)])
    .execute();
  return new Map(rows.map((row) => [row.device_id, new Date(row.downloaded_at)]));
}

function judged(claimed: Date, receivedAt: Date, earliest: number | null): ScanTime {
  const at = claimed.getTime();
  const trusted = earliest !== null && at >= earliest - SCAN_CLOCK_SKEW_MS && at <= receivedAt.getTime() + SCAN_CLOCK_SKEW_MS;
  return trusted ? { at: claimed, suspect: false, claimed: null } : { at: receivedAt, suspect: true, claimed };
}

/** A scan the device decided itself (offline, or slow to reach the server), uploaded at `receivedAt`. */
export function deviceScanTime(scannedAt: string, receivedAt: Date, downloadedAt: Date | undefined): ScanTime {
  return judged(new Date(scannedAt), receivedAt, downloadedAt ? downloadedAt.getTime() : null);
}

/** A scan the server decides as it arrives: it happened about now. */
export function onlineScanTime(scannedAt: string, receivedAt: Date): ScanTime {
  return judged(new Date(scannedAt), receivedAt, receivedAt.getTime());
}
