import { CHECKIN_UNDO_WINDOW_MS } from '#contract/checkin-rules.ts';
import type { ScanRecord } from '../storage/scan-store.ts';

/** This device's scans of one event, in memory: the queue's state, recent scans and what may be undone. */
export class ScanLog {
  private readonly scans = new Map<string, ScanRecord>();

  get(clientScanId: string): ScanRecord | undefined {
    return this.scans.get(clientScanId);
  }

  set(scan: ScanRecord): void {
    this.scans.set(scan.clientScanId, scan);
  }

  values(): IterableIterator<ScanRecord> {
    return this.scans.values();
  }

  /** Scans waiting to upload, and scans the server flagged as duplicates. */
  tally(): { pending: number; duplicates: number } {
    let pending = 0;
    let duplicates = 0;
    for (const scan of this.scans.values()) {
      if (!scan.uploaded) pending += 1;
      if (scan.duplicate) duplicates += 1;
    }
    return { pending, duplicates };
  }

  /**
   * What this device changed at the door from `since` (ms) on: admissions and exits made since, less admissions made
   * before and undone since. Added to counts the server gave at `since`, they are the counts as they stand now.
   */
  movesSince(since: number): { in: number; out: number } {
    let entered = 0;
    let left = 0;
    for (const scan of this.scans.values()) {
      if (scan.result !== 'valid' || scan.duplicate) continue;
      const at = Date.parse(scan.scannedAt);
      const undone = scan.undoneAt === null ? null : Date.parse(scan.undoneAt);
      const counted = at >= since && undone === null;
      const withdrawn = at < since && undone !== null && undone >= since;
      const step = counted ? 1 : withdrawn ? -1 : 0;
      if (scan.direction === 'in') entered += step;
      else left += step;
    }
    return { in: entered, out: left };
  }

  hasPending(): boolean {
    for (const scan of this.scans.values()) if (!scan.uploaded) return true;
    return false;
  }

  /** Newest first. */
  recent(limit: number): ScanRecord[] {
    return [...this.scans.values()].sort((a, b) => b.scannedAt.localeCompare(a.scannedAt)).slice(0, limit);
  }

  /** The latest admission of a ticket, if it may still be undone at `now`. */
  undoable(ticketId: string, now: number): ScanRecord | null {
    for (const scan of this.recent(500)) {
      if (scan.ticketId !== ticketId || scan.direction !== 'in' || scan.undoneAt || scan.result !== 'valid') continue;
      return now - Date.parse(scan.scannedAt) <= CHECKIN_UNDO_WINDOW_MS ? scan : null;
    }
    return null;
  }
}
