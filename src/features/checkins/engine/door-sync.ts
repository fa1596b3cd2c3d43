import { SCAN_DATA_POLL_MS } from '#contract/scan-data-rows.ts';
import type { CheckinStats } from '../api/door-api.ts';
import type { EventRecord } from '../storage/event-store.ts';
import { toCheckinRequest } from '../storage/scan-store.ts';
import type { ConnectionMonitor } from './connection-monitor.ts';
import type { DoorEngineDeps } from './door-deps.ts';
import type { DoorStatus } from './door-status.ts';
import type { Manifest } from './manifest.ts';
import type { Observable } from './observable.ts';
import { downloadScanData } from './scan-data-sync.ts';
import type { ScanLog } from './scan-log.ts';
import { responseStatus, type UploadOutcome, type UploadStop, uploadPending } from './uploader.ts';

/** Uploads are retried this often while scans wait, so they leave within 5 s of the connection returning. */
const uploadRetryMs = 3000;
/** Changes from other devices are fetched this often while scanning (at least every 30 s). */
const pollMs = Math.min(SCAN_DATA_POLL_MS, 15_000);

/**
 * What the sync reads and changes of the door it keeps in step (a DoorEngine): the event's state on the device,
 * never how scans are decided.
 */
export interface SyncedDoor {
  readonly eventId: string;
  readonly deviceId: string;
  record: EventRecord;
  readonly manifest: Manifest;
  readonly log: ScanLog;
  readonly monitor: ConnectionMonitor;
  readonly status: Observable<DoorStatus>;
  now(): number;
  refreshStatus(): Promise<void>;
}

/**
 * Keeps one event's door in step with the server: uploads the queue, pulls other devices' check-ins and the
 * server's counts, one pass at a time; while a door screen is open, on a timer and when the connection returns.
 */
export class DoorSync {
  serverCounts: { at: number; counts: CheckinStats } | null = null;
  /** The last upload or download stopped for want of a sign-in. */
  signInNeeded = false;
  private readonly engine: SyncedDoor;
  private readonly deps: DoorEngineDeps;
  private running: Promise<void> | null = null;
  private lastPoll = 0;

  constructor(engine: SyncedDoor, deps: DoorEngineDeps) {
    this.engine = engine;
    this.deps = deps;
  }

  get syncing(): boolean {
    return this.running !== null;
  }

  /** Uploads the queue, then fetches what changed; one pass at a time. */
  sync(options: { download?: boolean } = {}): Promise<void> {
    if (this.running) return this.running;
    this.running = this.run(options.download ?? true).finally(() => {
      this.running = null;
      void this.engine.refreshStatus();
    });
    void this.engine.refreshStatus();
    return this.running;
  }

  private async run(download: boolean): Promise<void> {
    const outcome = await this.upload();
    if (outcome.stopped === 'offline' || outcome.stopped === 'unavailable') return;
    if (!download) return;
    const { engine } = this;
    const started = performance.now();
    try {
      await downloadScanData({
        eventId: engine.eventId,
        api: this.deps.api,
        events: this.deps.events,
        userId: this.deps.userId,
        deviceId: engine.deviceId || (await this.deps.device.deviceId()),
        onPage: ({ record, page }) => {
          engine.record = record;
          engine.manifest.keys = record.keys;
          engine.manifest.testMode = record.event.testMode;
          engine.manifest.applyPage(page);
          for (const scan of page.scans) {
            const mine = engine.log.get(scan.clientScanId);
            if (mine) engine.log.set({ ...mine, serverResult: scan.result, duplicate: scan.duplicate });
          }
        },
      });
      this.lastPoll = engine.now();
      engine.monitor.record({ ok: true, latencyMs: performance.now() - started });
      this.signInNeeded = false;
      await this.fetchCounts();
    } catch (error) {
      const status = responseStatus(error);
      if (status === 401) this.signInNeeded = true;
      if (status === 0 || status >= 500) engine.monitor.record({ ok: false, latencyMs: performance.now() - started });
    }
  }

  private async fetchCounts(): Promise<void> {
    try {
      this.serverCounts = { at: this.engine.now(), counts: await this.deps.api.stats(this.engine.eventId) };
    } catch {
      this.serverCounts = null;
    }
  }

  /** Sends the queue in batches; the server's flags land on the stored scans. */
  async upload(): Promise<UploadOutcome> {
    const { engine } = this;
    if (!engine.log.hasPending()) return { uploaded: 0, duplicates: 0, stopped: null };
    await this.deps.beforeUpload?.().catch(() => undefined);
    const started = performance.now();
    const outcome = await uploadPending(
      this.deps.scans,
      (eventId, scans) => this.deps.api.batch(eventId, scans.map(toCheckinRequest)),
      engine.eventId,
    );
    const failed: UploadStop[] = ['offline', 'unavailable'];
    engine.monitor.record({ ok: !(outcome.stopped && failed.includes(outcome.stopped)), latencyMs: performance.now() - started });
    this.signInNeeded = outcome.stopped === 'unauthorized';
    // Reload what the upload changed (uploaded flags, duplicates).
    for (const scan of await this.deps.scans.forEvent(engine.eventId)) {
      const before = engine.log.get(scan.clientScanId);
      engine.log.set(scan);
      if (before && before.duplicate !== scan.duplicate) engine.manifest.applyScan(scan);
    }
    await engine.refreshStatus();
    return outcome;
  }

  /** Keeps the device in step while a door screen is open: uploads, polls changes, follows the connection. */
  start(): () => void {
    const { engine } = this;
    let stopped = false;
    const onOnline = () => {
      engine.monitor.setBrowserOnline(true);
      void this.sync();
    };
    const onOffline = () => engine.monitor.setBrowserOnline(false);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void this.sync();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    engine.monitor.setBrowserOnline(navigator.onLine);
    const tick = () => {
      if (stopped || !navigator.onLine) return;
      const due = engine.now() - this.lastPoll >= pollMs;
      const waiting = engine.status.get().pending > 0;
      // Offline mode probes the server with the queue (or a poll) so it can switch back on its own.
      if (due || waiting || engine.monitor.mode() === 'offline')
        void this.sync({ download: due || engine.monitor.mode() === 'offline' });
    };
    const timer = window.setInterval(tick, uploadRetryMs);
    void this.sync();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }
}
