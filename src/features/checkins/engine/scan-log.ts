import { CHECKIN_UNDO_WINDOW_MS } from '../../../contract/checkin-rules.ts';
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
