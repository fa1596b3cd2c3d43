import type { CheckinResponse, ScanDirection } from '../../../contract/checkins.ts';
import { CHECKIN_UNDO_WINDOW_MS } from '../../../contract/checkins.ts';
import { SCAN_DATA_POLL_MS } from '../../../contract/scan-data.ts';
import { normalizeTicketCode, type TicketCodeVerdict, verifyTicketCode } from '../../../contract/ticket-code.ts';
import type { CheckinStats, DoorApi } from '../api/door-api.ts';
import type { DeviceStore } from '../storage/device-store.ts';
import type { EventRecord, EventStore } from '../storage/event-store.ts';
import { type DecidedBy, type ScanRecord, type ScanStore, toCheckinRequest } from '../storage/scan-store.ts';
import { type ConnectionMode, type ConnectionMonitor, createConnectionMonitor } from './connection-monitor.ts';
import { type DecideOptions, decideLocally, type LocalDecision } from './local-decision.ts';
import { Manifest } from './manifest.ts';
import { createRepeatFilter } from './repeat-filter.ts';
import { downloadScanData } from './scan-data-sync.ts';
import { buildTicketSearch, type TicketSearchIndex } from './ticket-search.ts';
import { type UploadOutcome, type UploadStop, uploadPending } from './uploader.ts';
import { shownDecision, type Verdict } from './verdict.ts';

/** The server gets this long to answer a scan; then the device decides. */
export const onlineAnswerMs = 1500;
/** Uploads are retried this often while scans wait, so they leave within 5 s of the connection returning. */
const uploadRetryMs = 3000;
/** The longest a stored scan waits for the screen to report the verdict painted (a hidden tab paints nothing). */
const paintWaitMs = 100;
/** Changes from other devices are fetched this often while scanning (at least every 30 s). */
const pollMs = Math.min(SCAN_DATA_POLL_MS, 15_000);

export interface DoorStatus {
  mode: ConnectionMode;
  reason: string;
  /** Scans waiting to upload. */
  pending: number;
  /** This device's scans the server flagged as duplicates (an earlier scan elsewhere admitted the ticket). */
  duplicates: number;
  lastSyncAt: number | null;
  syncing: boolean;
  /** The last upload or download stopped for want of a sign-in. */
  signInNeeded: boolean;
  counts: CheckinStats;
  countsFrom: 'server' | 'device';
}

export interface DoorEngineDeps {
  api: DoorApi;
  events: EventStore;
  scans: ScanStore;
  device: DeviceStore;
  userId: string | null;
  online?: boolean;
  verify?: (code: string, keys: readonly string[]) => Promise<TicketCodeVerdict>;
  /** Asks the service worker to upload when the connection returns (Background Sync), where supported. */
  requestBackgroundUpload?: () => void;
  /** Called before each upload: lets the worker use the current token while no page is open. */
  beforeUpload?: () => Promise<void>;
  now?: () => number;
}

type Listener = () => void;

function small<T>() {
  let value: T;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    /** Whether anything (a screen) follows the value. */
    listening: () => listeners.size > 0,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * One event's door on this device: decides scans (the server first, the device when the server is slow or
 * away), keeps every scan in the device store before anything else can go wrong, uploads the queue, and
 * pulls other devices' check-ins. The screen subscribes to `verdict` and `status`.
 */
export class DoorEngine {
  readonly eventId: string;
  readonly manifest: Manifest;
  readonly monitor: ConnectionMonitor;
  readonly verdict = small<Verdict | null>();
  readonly status = small<DoorStatus>();
  record: EventRecord;
  deviceId = '';
  private readonly deps: DoorEngineDeps;
  private readonly repeats = createRepeatFilter();
  private readonly verified = new Map<string, TicketCodeVerdict>();
  private readonly localScans = new Map<string, ScanRecord>();
  private seq = 0;
  private readonly paintWaiters = new Map<number, () => void>();
  private searchIndex: { version: number; index: TicketSearchIndex } | null = null;
  private timers: number[] = [];
  private serverCounts: { at: number; counts: CheckinStats } | null = null;
  private syncing: Promise<void> | null = null;
  private lastPoll = 0;
  private stopped = false;

  private constructor(record: EventRecord, deps: DoorEngineDeps) {
    this.eventId = record.eventId;
    this.record = record;
    this.deps = deps;
    this.manifest = new Manifest(record.eventId);
    this.manifest.keys = record.keys;
    this.monitor = createConnectionMonitor(deps.online ?? true);
    this.status.set(this.describe(0, 0, false, false));
    this.monitor.subscribe(() => this.refreshStatus());
  }

  /** Loads an event this device has prepared (null when it has not). */
  static async open(eventId: string, deps: DoorEngineDeps): Promise<DoorEngine | null> {
    const record = await deps.events.get(eventId);
    if (!record?.syncedAt) return null;
    const engine = new DoorEngine(record, deps);
    const [pages, scans, deviceId] = await Promise.all([
      deps.events.pages(eventId),
      deps.scans.forEvent(eventId),
      deps.device.deviceId(),
    ]);
    engine.deviceId = deviceId;
    for (const page of pages.sort((a, b) => a.seq - b.seq)) engine.manifest.applyPage(page);
    for (const scan of scans) {
      engine.localScans.set(scan.clientScanId, scan);
      engine.manifest.applyScan(scan);
    }
    await engine.refreshStatus();
    return engine;
  }

  private get verify() {
    return this.deps.verify ?? verifyTicketCode;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Verifying is fast, but a ticket shown twice needs no second check. */
  private cachedVerify = async (code: string, keys: readonly string[]) => {
    const hit = this.verified.get(code);
    if (hit) return hit;
    const verdict = await this.verify(code, keys);
    if (this.verified.size > 2000) this.verified.clear();
    this.verified.set(code, verdict);
    return verdict;
  };

  /** `key`: the code on screen, which the camera does not judge again while its verdict shows. */
  private show(verdict: Omit<Verdict, 'seq'>, key: string | null = null): Verdict {
    this.seq += 1;
    const shown = { ...verdict, seq: this.seq };
    this.repeats.hold(key);
    this.verdict.set(shown);
    return shown;
  }

  dismiss(): void {
    this.repeats.hold(null);
    this.verdict.set(null);
  }

  /** The screen reports the frame that shows verdict `seq` painted: the work kept back for it may run. */
  painted(seq: number): void {
    for (const [waiting, resolve] of this.paintWaiters) if (waiting <= seq) resolve();
  }

  /** Resolves once verdict `seq` is painted; at once when no screen shows verdicts, after a short wait at most. */
  private afterPaint(seq: number): Promise<void> {
    if (!this.verdict.listening() || typeof window === 'undefined') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        window.clearTimeout(timer);
        this.paintWaiters.delete(seq);
        resolve();
      };
      const timer = window.setTimeout(done, paintWaitMs);
      this.paintWaiters.set(seq, done);
    });
  }

  /**
   * A code read by the camera or a hardware scanner, or typed. Returns the verdict, or null when the same
   * code was read within the last 3 s (continuous scanning) — manual entries are always judged.
   */
  async scan(
    input: string,
    options: { manual?: boolean; direction?: ScanDirection; source?: 'camera' | 'wedge' | 'typed' } = {},
  ) {
    const readAt = performance.now();
    const text = input.trim();
    if (!text) return null;
    const key = normalizeTicketCode(text);
    if (options.source !== 'typed' && !options.manual && !this.repeats.accept(key, readAt)) return null;
    const manual = options.manual ?? false;
    const direction = options.direction ?? 'in';
    const scannedAt = new Date(this.now()).toISOString();
    const decideOptions: DecideOptions = { now: new Date(this.now()), direction };
    const local = await decideLocally(text, this.manifest.knowledge(), this.cachedVerify, decideOptions);
    const base = { manual, direction, readAt, scannedAt, notInList: local.notInList, malformed: local.malformed };

    if (local.malformed) {
      return this.show({ ...base, ...shownDecision(local), state: 'final', decidedBy: 'device', clientScanId: null }, key);
    }
    const clientScanId = crypto.randomUUID();
    const code = local.ticketId && manual ? local.ticketId : key;
    if (this.monitor.mode() === 'offline' || local.final) {
      // The verdict first; the scan is counted at once and stored while the screen paints.
      const shown = this.show({ ...base, ...shownDecision(local), state: 'final', decidedBy: 'device', clientScanId }, key);
      await this.keep(
        { code, clientScanId, scannedAt, direction, manual, decision: local, decidedBy: 'device', uploaded: 0 },
        shown.seq,
      );
      return shown;
    }

    this.show(
      { ...base, ...shownDecision(local), result: local.result, state: 'checking', decidedBy: 'server', clientScanId },
      key,
    );
    const request = {
      code,
      deviceId: this.deviceId,
      clientScanId,
      scannedAt,
      direction,
      manual,
    };
    const started = performance.now();
    let answer: CheckinResponse | null = null;
    try {
      answer = await this.deps.api.checkin(this.eventId, request, onlineAnswerMs);
      this.monitor.record({ ok: true, latencyMs: performance.now() - started });
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status ?? 0;
      this.monitor.record({ ok: false, latencyMs: performance.now() - started });
      if (status === 401) this.signInNeeded = true;
    }
    if (answer) {
      const shown = this.show(
        {
          ...base,
          state: 'final',
          result: answer.result,
          ticket: answer.ticket
            ? {
                id: answer.ticket.id,
                typeName: answer.ticket.typeName,
                holderName: answer.ticket.holderName,
                orderReference: answer.ticket.orderReference,
              }
            : local.ticket,
          firstCheckIn: answer.firstCheckIn,
          notInList: false,
          decidedBy: 'server',
          clientScanId,
        },
        key,
      );
      await this.keep(
        {
          code,
          clientScanId,
          scannedAt,
          direction,
          manual,
          decision: { ...local, result: answer.result, ticketId: answer.ticket?.id ?? local.ticketId },
          decidedBy: 'server',
          uploaded: 1,
          duplicate: answer.duplicate,
        },
        shown.seq,
      );
      return shown;
    }
    const shown = this.show({ ...base, ...shownDecision(local), state: 'final', decidedBy: 'device', clientScanId }, key);
    await this.keep(
      { code, clientScanId, scannedAt, direction, manual, decision: local, decidedBy: 'device', uploaded: 0 },
      shown.seq,
    );
    return shown;
  }

  private signInNeeded = false;

  /**
   * Counts a scan in the device's knowledge at once (the next scan of the ticket sees it) and stores it (the
   * queue when not uploaded): the write starts before the verdict's frame and is awaited before anything says the
   * scan is stored. The status (counts, recent scans, queue) changes only after verdict `seq` is painted, so that
   * work never delays the verdict on screen.
   */
  private async keep(
    scan: {
      code: string;
      clientScanId: string;
      scannedAt: string;
      direction: ScanDirection;
      manual: boolean;
      decision: LocalDecision;
      decidedBy: DecidedBy;
      uploaded: 0 | 1;
      duplicate?: boolean;
    },
    seq: number,
  ): Promise<void> {
    const record: ScanRecord = {
      clientScanId: scan.clientScanId,
      eventId: this.eventId,
      deviceId: this.deviceId,
      code: scan.code,
      ticketId: scan.decision.ticketId,
      scannedAt: scan.scannedAt,
      direction: scan.direction,
      manual: scan.manual,
      result: scan.decision.result,
      decidedBy: scan.decidedBy,
      uploaded: scan.uploaded,
      serverResult: scan.uploaded ? scan.decision.result : null,
      duplicate: scan.duplicate ?? false,
      undoneAt: null,
    };
    this.localScans.set(record.clientScanId, record);
    this.manifest.applyScan(record);
    const stored = this.deps.scans.put(record);
    await Promise.all([stored, this.afterPaint(seq)]);
    if (!scan.uploaded) this.deps.requestBackgroundUpload?.();
    await this.refreshStatus();
  }

  /** Scans of this device, newest first. */
  recentScans(limit = 30): ScanRecord[] {
    return [...this.localScans.values()].sort((a, b) => b.scannedAt.localeCompare(a.scannedAt)).slice(0, limit);
  }

  /** This device's latest admission of a ticket, if it may still be undone. */
  undoable(ticketId: string): ScanRecord | null {
    const now = this.now();
    for (const scan of this.recentScans(500)) {
      if (scan.ticketId !== ticketId || scan.direction !== 'in' || scan.undoneAt || scan.result !== 'valid') continue;
      return now - Date.parse(scan.scannedAt) <= CHECKIN_UNDO_WINDOW_MS ? scan : null;
    }
    return null;
  }

  /** Undoes one of this device's admissions within 2 minutes: on the server when it knows it, and here. */
  async undo(clientScanId: string, reason = ''): Promise<'undone' | 'too_late' | 'failed'> {
    const scan = this.localScans.get(clientScanId);
    if (!scan || scan.undoneAt) return 'failed';
    if (this.now() - Date.parse(scan.scannedAt) > CHECKIN_UNDO_WINDOW_MS) return 'too_late';
    if (scan.uploaded) {
      try {
        await this.deps.api.undo(this.eventId, { deviceId: scan.deviceId, clientScanId, reason });
      } catch {
        return 'failed';
      }
    }
    const undone = (await this.deps.scans.update(clientScanId, { undoneAt: new Date(this.now()).toISOString() })) ?? scan;
    this.localScans.set(clientScanId, undone);
    this.manifest.applyScan(undone);
    await this.refreshStatus();
    return 'undone';
  }

  /** Search over the local manifest; the index is built again only after a sync changed it. */
  search(query: string, limit = 50) {
    if (this.searchIndex?.version !== this.manifest.version) {
      this.searchIndex = { version: this.manifest.version, index: buildTicketSearch(this.manifest.rows.values()) };
    }
    const found = this.searchIndex.index.search(query, limit);
    // Status and check-ins are read now: the index only knows the text.
    return { rows: found.rows.map((row) => this.manifest.rows.get(row.id) ?? row), more: found.more };
  }

  private describe(pending: number, duplicates: number, syncing: boolean, signInNeeded: boolean): DoorStatus {
    const fresh = this.serverCounts && this.now() - this.serverCounts.at < 20_000 && this.monitor.mode() === 'online';
    return {
      mode: this.monitor.mode(),
      reason: this.monitor.reason(),
      pending,
      duplicates,
      lastSyncAt: this.record.lastSyncAt,
      syncing,
      signInNeeded,
      counts: fresh && this.serverCounts ? this.serverCounts.counts : this.manifest.counts(),
      countsFrom: fresh ? 'server' : 'device',
    };
  }

  async refreshStatus(): Promise<void> {
    let pending = 0;
    let duplicates = 0;
    for (const scan of this.localScans.values()) {
      if (!scan.uploaded) pending += 1;
      if (scan.duplicate) duplicates += 1;
    }
    this.status.set(this.describe(pending, duplicates, this.syncing !== null, this.signInNeeded));
  }

  /** Uploads the queue, then fetches what changed; one pass at a time. */
  sync(options: { download?: boolean } = {}): Promise<void> {
    if (this.syncing) return this.syncing;
    this.syncing = this.runSync(options.download ?? true).finally(() => {
      this.syncing = null;
      void this.refreshStatus();
    });
    void this.refreshStatus();
    return this.syncing;
  }

  private async runSync(download: boolean): Promise<void> {
    const outcome = await this.upload();
    if (outcome.stopped === 'offline' || outcome.stopped === 'unavailable') return;
    if (!download) return;
    const started = performance.now();
    try {
      await downloadScanData({
        eventId: this.eventId,
        api: this.deps.api,
        events: this.deps.events,
        userId: this.deps.userId,
        onPage: ({ record, page }) => {
          this.record = record;
          this.manifest.keys = record.keys;
          this.manifest.applyPage(page);
          for (const scan of page.scans) {
            const mine = this.localScans.get(scan.clientScanId);
            if (mine) this.localScans.set(scan.clientScanId, { ...mine, serverResult: scan.result, duplicate: scan.duplicate });
          }
        },
      });
      this.lastPoll = this.now();
      this.monitor.record({ ok: true, latencyMs: performance.now() - started });
      this.signInNeeded = false;
      await this.fetchCounts();
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status ?? 0;
      if (status === 401) this.signInNeeded = true;
      if (status === 0 || status >= 500) this.monitor.record({ ok: false, latencyMs: performance.now() - started });
    }
  }

  private async fetchCounts(): Promise<void> {
    try {
      this.serverCounts = { at: this.now(), counts: await this.deps.api.stats(this.eventId) };
    } catch {
      this.serverCounts = null;
    }
  }

  /** Sends the queue in batches; the server's flags land on the stored scans. */
  async upload(): Promise<UploadOutcome> {
    let pending = false;
    for (const scan of this.localScans.values()) if (!scan.uploaded) pending = true;
    if (!pending) return { uploaded: 0, duplicates: 0, stopped: null };
    await this.deps.beforeUpload?.().catch(() => undefined);
    const started = performance.now();
    const outcome = await uploadPending(
      this.deps.scans,
      (eventId, scans) => this.deps.api.batch(eventId, scans.map(toCheckinRequest)),
      this.eventId,
    );
    const failed: UploadStop[] = ['offline', 'unavailable'];
    this.monitor.record({ ok: !(outcome.stopped && failed.includes(outcome.stopped)), latencyMs: performance.now() - started });
    this.signInNeeded = outcome.stopped === 'unauthorized';
    // Reload what the upload changed (uploaded flags, duplicates).
    for (const scan of await this.deps.scans.forEvent(this.eventId)) {
      const before = this.localScans.get(scan.clientScanId);
      this.localScans.set(scan.clientScanId, scan);
      if (before && before.duplicate !== scan.duplicate) this.manifest.applyScan(scan);
    }
    await this.refreshStatus();
    return outcome;
  }

  /** Keeps the device in step while a door screen is open: uploads, polls changes, follows the connection. */
  start(): () => void {
    this.stopped = false;
    const onOnline = () => {
      this.monitor.setBrowserOnline(true);
      void this.sync();
    };
    const onOffline = () => this.monitor.setBrowserOnline(false);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void this.sync();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    this.monitor.setBrowserOnline(navigator.onLine);
    const tick = () => {
      if (this.stopped || !navigator.onLine) return;
      const due = this.now() - this.lastPoll >= pollMs;
      const waiting = this.status.get().pending > 0;
      // Offline mode probes the server with the queue (or a poll) so it can switch back on its own.
      if (due || waiting || this.monitor.mode() === 'offline')
        void this.sync({ download: due || this.monitor.mode() === 'offline' });
    };
    this.timers.push(window.setInterval(tick, uploadRetryMs));
    void this.sync();
    return () => {
      this.stopped = true;
      for (const timer of this.timers) window.clearInterval(timer);
      this.timers = [];
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }
}
