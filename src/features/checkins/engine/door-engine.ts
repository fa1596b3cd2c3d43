import { CHECKIN_UNDO_WINDOW_MS } from '#contract/checkin-rules.ts';
import type { CheckinResponse, ScanDirection } from '#contract/checkins.ts';
import { normalizeShortTicketCode } from '#contract/short-ticket-code.ts';
import { normalizeTicketCode, type TicketCodeVerdict, verifyTicketCode } from '#contract/ticket-code.ts';
import type { EventRecord } from '../storage/event-store.ts';
import type { DecidedBy, ScanRecord } from '../storage/scan-store.ts';
import { type ConnectionMonitor, createConnectionMonitor } from './connection-monitor.ts';
import type { DoorEngineDeps } from './door-deps.ts';
import { type DoorStatus, describeStatus } from './door-status.ts';
import { DoorSync } from './door-sync.ts';
import { type DecideOptions, decideLocally, type LocalDecision } from './local-decision.ts';
import { Manifest } from './manifest.ts';
import { type Observable, observable } from './observable.ts';
import { PaintGate } from './paint-gate.ts';
import { createRepeatFilter } from './repeat-filter.ts';
import { ScanLog } from './scan-log.ts';
import { buildTicketSearch, type TicketSearchIndex } from './ticket-search.ts';
import type { UploadOutcome } from './uploader.ts';
import { responseStatus } from './uploader.ts';
import { shownDecision, type Verdict } from './verdict.ts';

/** The server gets this long to answer a scan; then the device decides. */
export const onlineAnswerMs = 1500;

/** A scan to keep: what was read, how it was decided, and whether the server already has it. */
interface Kept {
  code: string;
  clientScanId: string;
  scannedAt: string;
  direction: ScanDirection;
  manual: boolean;
  decision: LocalDecision;
  decidedBy: DecidedBy;
  uploaded: 0 | 1;
  duplicate?: boolean;
}

/**
 * One event's door on this device: decides scans (the server first, the device when the server is slow or
 * away) and keeps every scan in the device store; DoorSync uploads the queue and pulls other devices'
 * check-ins. The screen subscribes to `verdict` and `status`.
 */
export class DoorEngine {
  readonly eventId: string;
  readonly manifest: Manifest;
  readonly monitor: ConnectionMonitor;
  readonly verdict: Observable<Verdict | null> = observable<Verdict | null>(null);
  readonly status: Observable<DoorStatus>;
  /** This device's scans of the event, in memory. */
  readonly log = new ScanLog();
  record: EventRecord;
  deviceId = '';
  private readonly deps: DoorEngineDeps;
  private readonly syncer: DoorSync;
  private readonly repeats = createRepeatFilter();
  private readonly verified = new Map<string, TicketCodeVerdict>();
  private readonly paint = new PaintGate();
  private seq = 0;
  private searchIndex: { version: number; index: TicketSearchIndex } | null = null;

  private constructor(record: EventRecord, deps: DoorEngineDeps) {
    this.eventId = record.eventId;
    this.record = record;
    this.deps = deps;
    this.manifest = new Manifest(record.eventId);
    this.manifest.keys = record.keys;
    this.manifest.testMode = record.event.testMode ?? false;
    this.monitor = createConnectionMonitor(deps.online ?? true);
    this.syncer = new DoorSync(this, deps);
    this.status = observable(this.describe());
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
      engine.log.set(scan);
      engine.manifest.applyScan(scan);
    }
    await engine.refreshStatus();
    return engine;
  }

  now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Verifying is fast, but a ticket shown twice needs no second check. */
  private cachedVerify = async (code: string, keys: readonly string[]) => {
    const hit = this.verified.get(code);
    if (hit) return hit;
    const verdict = await (this.deps.verify ?? verifyTicketCode)(code, keys);
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
    this.paint.painted(seq);
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
    // A typed short code is kept and sent as the code it means, however it was typed.
    const key = normalizeShortTicketCode(text) ?? normalizeTicketCode(text);
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
    const onDevice = {
      code,
      clientScanId,
      scannedAt,
      direction,
      manual,
      decision: local,
      decidedBy: 'device',
      uploaded: 0,
    } as const;
    if (this.monitor.mode() === 'offline' || local.final) {
      // The verdict first; the scan is counted at once and stored while the screen paints.
      const shown = this.show({ ...base, ...shownDecision(local), state: 'final', decidedBy: 'device', clientScanId }, key);
      await this.keep(onDevice, shown.seq);
      return shown;
    }

    this.show({ ...base, ...shownDecision(local), state: 'checking', decidedBy: 'server', clientScanId }, key);
    const answer = await this.askServer({ code, deviceId: this.deviceId, clientScanId, scannedAt, direction, manual });
    if (!answer) {
      const shown = this.show({ ...base, ...shownDecision(local), state: 'final', decidedBy: 'device', clientScanId }, key);
      await this.keep(onDevice, shown.seq);
      return shown;
    }
    const ticket = answer.ticket
      ? {
          id: answer.ticket.id,
          typeName: answer.ticket.typeName,
          holderName: answer.ticket.holderName,
          orderReference: answer.ticket.orderReference,
          test: answer.ticket.test,
        }
      : local.ticket;
    const shown = this.show(
      {
        ...base,
        state: 'final',
        result: answer.result,
        ticket,
        firstCheckIn: answer.firstCheckIn,
        notInList: false,
        decidedBy: 'server',
        clientScanId,
      },
      key,
    );
    await this.keep(
      {
        ...onDevice,
        decision: { ...local, result: answer.result, ticketId: answer.ticket?.id ?? local.ticketId },
        decidedBy: 'server',
        uploaded: 1,
        duplicate: answer.duplicate,
      },
      shown.seq,
    );
    return shown;
  }

  /** The server's verdict within onlineAnswerMs, or null (slow, away, refused): the device decides then. */
  private async askServer(request: Parameters<DoorEngineDeps['api']['checkin']>[1]): Promise<CheckinResponse | null> {
    const started = performance.now();
    try {
      const answer = await this.deps.api.checkin(this.eventId, request, onlineAnswerMs);
      this.monitor.record({ ok: true, latencyMs: performance.now() - started });
      return answer;
    } catch (error) {
      this.monitor.record({ ok: false, latencyMs: performance.now() - started });
      if (responseStatus(error) === 401) this.syncer.signInNeeded = true;
      return null;
    }
  }

  /**
   * Counts a scan in the device's knowledge at once (the next scan of the ticket sees it) and stores it (the
   * queue when not uploaded): the write starts before the verdict's frame and is awaited before anything says the
   * scan is stored. The status (counts, recent scans, queue) changes only after verdict `seq` is painted, so that
   * work never delays the verdict on screen.
   */
  private async keep(scan: Kept, seq: number): Promise<void> {
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
    this.log.set(record);
    this.manifest.applyScan(record);
    const stored = this.deps.scans.put(record);
    await Promise.all([stored, this.paint.after(seq, this.verdict.listening())]);
    if (!scan.uploaded) this.deps.requestBackgroundUpload?.();
    await this.refreshStatus();
  }

  /** Scans of this device, newest first. */
  recentScans(limit = 30): ScanRecord[] {
    return this.log.recent(limit);
  }

  /** This device's latest admission of a ticket, if it may still be undone. */
  undoable(ticketId: string): ScanRecord | null {
    return this.log.undoable(ticketId, this.now());
  }

  /** Undoes one of this device's admissions within 2 minutes: on the server when it knows it, and here. */
  async undo(clientScanId: string, reason = ''): Promise<'undone' | 'too_late' | 'failed'> {
    const scan = this.log.get(clientScanId);
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
    this.log.set(undone);
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

  private describe(): DoorStatus {
    return describeStatus({
      mode: this.monitor.mode(),
      reason: this.monitor.reason(),
      tally: this.log.tally(),
      lastSyncAt: this.record.lastSyncAt,
      syncing: this.syncer.syncing,
      signInNeeded: this.syncer.signInNeeded,
      serverCounts: this.syncer.serverCounts,
      deviceCounts: () => this.manifest.counts(),
      movesSince: (at) => this.log.movesSince(at),
      now: this.now(),
    });
  }

  async refreshStatus(): Promise<void> {
    this.status.set(this.describe());
  }

  /** Uploads the queue, then fetches what changed; one pass at a time. */
  sync(options: { download?: boolean } = {}): Promise<void> {
    return this.syncer.sync(options);
  }

  /** Sends the queue in batches; the server's flags land on the stored scans. */
  upload(): Promise<UploadOutcome> {
    return this.syncer.upload();
  }

  /** Keeps the device in step while a door screen is open: uploads, polls changes, follows the connection. */
  start(): () => void {
    return this.syncer.start();
  }
}
