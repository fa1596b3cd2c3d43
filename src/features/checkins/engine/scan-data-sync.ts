import type { ScanDataPage } from '#contract/scan-data.ts';
import type { DoorApi, ScanDataParams } from '../api/door-api.ts';
import type { EventRecord, EventStore } from '../storage/event-store.ts';
import type { ManifestPage } from './manifest.ts';

export interface DownloadUpdate {
  record: EventRecord;
  /** The page just stored (apply it to the in-memory manifest). */
  page: ScanDataPage;
}

const statusOf = (error: unknown) => (error as { response?: { status?: number } } | null)?.response?.status ?? 0;

const hasContent = (page: ScanDataPage) =>
  page.kind === 'full' || page.tickets.ids.length > 0 || page.revoked.length > 0 || page.scans.length > 0;

const storedPart = (page: ScanDataPage): ManifestPage => ({
  kind: page.kind,
  ticketTypes: page.ticketTypes,
  devices: page.devices,
  tickets: page.tickets,
  orders: page.orders,
  revoked: page.revoked,
  scans: page.scans,
});

/** What to ask for next: resume a download under way, fetch changes since the last one, or everything. */
function nextParams(record: EventRecord | undefined): ScanDataParams {
  if (record?.download?.cursor) return { cursor: record.download.cursor };
  if (record?.download?.kind === 'changes' && record.syncedAt) return { since: record.syncedAt };
  if (!record?.download && record?.syncedAt) return { since: record.syncedAt };
  return {};
}

/**
 * Downloads an event's scan data page by page into the device store; each page and the cursor after it are
 * stored in one transaction, so an interrupted download resumes where it stopped. The first download is
 * everything; later ones are the changes since the last `syncedAt`.
 */
export async function downloadScanData(options: {
  eventId: string;
  api: DoorApi;
  events: EventStore;
  userId: string | null;
  /** This device's id, sent with every page: the server bounds the times of its offline scans by its first download. */
  deviceId: string;
  onPage?: (update: DownloadUpdate) => void;
  signal?: AbortSignal;
}): Promise<EventRecord> {
  const { eventId, api, events, onPage, signal } = options;
  let record = await events.get(eventId);
  let restarted = false;
  for (;;) {
    signal?.throwIfAborted();
    const params: ScanDataParams = { ...nextParams(record), deviceId: options.deviceId };
    let page: ScanDataPage;
    try {
      page = await api.scanData(eventId, params);
    } catch (error) {
      // A stale cursor (older than a day) or a `since` the server no longer serves: start that download again.
      if (statusOf(error) === 400 && record?.download && !restarted) {
        restarted = true;
        if (record.download.kind === 'full') {
          await events.clearPages(eventId);
          record = { ...record, nextSeq: 0, download: null, syncedAt: null };
        } else {
          record = { ...record, download: null };
        }
        await events.put(record);
        continue;
      }
      throw error;
    }
    signal?.throwIfAborted();
    // Nothing complete and nothing under way: a new first download (pages left from an abandoned one go).
    const fresh = !record || (!record.syncedAt && !record.download);
    if (fresh) await events.clearPages(eventId);
    const base: EventRecord =
      record && !fresh
        ? record
        : {
            eventId,
            event: page.event,
            keys: [],
            syncedAt: null,
            lastSyncAt: null,
            nextSeq: 0,
            download: null,
            userId: options.userId,
          };
    const stored = hasContent(page);
    const ticketsInPage = page.tickets.ids.length / 22;
    const previous = base.download?.storedTickets ?? 0;
    const done = page.nextCursor === null;
    const next: EventRecord = {
      ...base,
      event: page.event,
      keys: page.keys.map((key) => key.publicKey),
      nextSeq: base.nextSeq + (stored ? 1 : 0),
      syncedAt: done ? page.syncedAt : base.syncedAt,
      lastSyncAt: done ? Date.now() : base.lastSyncAt,
      userId: options.userId ?? base.userId,
      download: done
        ? null
        : {
            kind: page.kind,
            cursor: page.nextCursor,
            syncedAt: page.syncedAt,
            storedTickets: previous + ticketsInPage,
            totalTickets: page.totalTickets,
          },
    };
    await events.addPage(next, stored ? storedPart(page) : null);
    record = next;
    onPage?.({ record: next, page });
    if (done) return next;
  }
}
