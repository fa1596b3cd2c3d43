/**
 * When a scan happened, as far as the server can tell. A device's `scannedAt` is its own clock: it decides
 * which of two offline scans of a ticket admitted it and whether the ticket was within its validity window,
 * so it is trusted only within what the server knows. A scan decided on the device cannot be earlier than
 * that device's first download of the event's scan data, nor later than its upload; an online scan happened
 * when it arrived. Each bound has a little room for clocks that drift. Outside the bounds (or from a device
 * that never downloaded the event) the scan is timed by the server's receive time and flagged for the
 * organiser. Pure: the first downloads are read by the caller (checkins.repository.ts).
 */

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
