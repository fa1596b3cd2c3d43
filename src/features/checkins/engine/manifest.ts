import type { ScanDataPage } from '#contract/scan-data.ts';
import { type ScanDataTicketRow, scanDataTicketRows, ticketIdFromKey } from '#contract/scan-data-rows.ts';
import type { ScanRecord } from '../storage/scan-store.ts';
import type { DoorKnowledge, FirstCheckIn, LocalTicket } from './local-decision.ts';

/** What a stored page keeps: everything but the event summary and keys, which live on the event record. */
export type ManifestPage = Pick<ScanDataPage, 'kind' | 'ticketTypes' | 'devices' | 'tickets' | 'orders' | 'revoked' | 'scans'>;

export type ManifestRow = Omit<ScanDataTicketRow, 'key'>;

interface Admission extends FirstCheckIn {
  clientScanId: string | null;
}

/**
 * The event as this device knows it: the manifest pages applied in order, then this device's own scans.
 * Lookups are by ticket id in maps; nothing here touches storage.
 */
export class Manifest {
  readonly eventId: string;
  keys: string[] = [];
  /** The event's test mode as last synced: TEST tickets come in while it is on. */
  testMode = false;
  readonly rows = new Map<string, ManifestRow>();
  /** Ticket ids by short code: what a person types at the door finds its ticket offline. */
  private readonly shortCodes = new Map<string, string>();
  readonly revoked = new Set<string>();
  readonly typeNames = new Map<string, string>();
  /** Server-side admissions (synced), by ticket id. */
  private readonly serverAdmissions = new Map<string, Admission>();
  /** This device's admissions not yet reflected in a sync, by ticket id. */
  private readonly localAdmissions = new Map<string, Admission>();
  /** Scans of other devices and this one as the server logged them, by clientScanId: exits for "inside". */
  private readonly exits = new Map<string, string>();
  /** Bumped on every change that search must see. */
  version = 0;

  constructor(eventId: string) {
    this.eventId = eventId;
  }

  applyPage(page: ManifestPage): void {
    for (const type of page.ticketTypes) this.typeNames.set(type.id, type.name);
    for (const row of scanDataTicketRows(page)) {
      const { key: _key, ...ticket } = row;
      const before = this.rows.get(ticket.id)?.shortCode;
      // A ticket passed on has a new short code (decision 069): the old one finds nothing here any more.
      if (before && before !== ticket.shortCode && this.shortCodes.get(before) === ticket.id) this.shortCodes.delete(before);
      this.rows.set(ticket.id, ticket);
      if (ticket.shortCode) this.shortCodes.set(ticket.shortCode, ticket.id);
      if (ticket.checkedIn) this.serverAdmissions.set(ticket.id, { ...ticket.checkedIn, clientScanId: null });
      else if (page.kind === 'changes') this.serverAdmissions.delete(ticket.id);
    }
    for (const key of page.revoked) this.revoked.add(ticketIdFromKey(key));
    for (const scan of page.scans) {
      if (!scan.ticket) continue;
      const ticketId = ticketIdFromKey(scan.ticket);
      const device = page.devices[scan.device];
      if (scan.direction === 'out') {
        if (scan.result === 'valid' && !scan.undoneAt) this.exits.set(scan.clientScanId, ticketId);
        continue;
      }
      const admitted = scan.result === 'valid' && !scan.duplicate;
      if (admitted && !scan.undoneAt) {
        const current = this.serverAdmissions.get(ticketId);
        if (!current || current.at > scan.scannedAt) {
          this.serverAdmissions.set(ticketId, {
            at: scan.scannedAt,
            deviceId: device?.id ?? '',
            deviceName: device?.name ?? null,
            clientScanId: scan.clientScanId,
          });
        }
      } else if (admitted && scan.undoneAt && this.serverAdmissions.get(ticketId)?.clientScanId === scan.clientScanId) {
        this.serverAdmissions.delete(ticketId);
      }
      this.localAdmissions.delete(ticketId);
    }
    this.version += 1;
  }

  /** A scan of this device: an admission until the server says otherwise, or undone. */
  applyScan(scan: ScanRecord): void {
    if (!scan.ticketId || scan.direction !== 'in') return;
    const admitted = scan.undoneAt === null && scan.result === 'valid' && !scan.duplicate;
    const current = this.localAdmissions.get(scan.ticketId);
    if (admitted) {
      if (!current || current.at > scan.scannedAt) {
        this.localAdmissions.set(scan.ticketId, {
          at: scan.scannedAt,
          deviceId: scan.deviceId,
          deviceName: 'this device',
          clientScanId: scan.clientScanId,
        });
      }
    } else if (current?.clientScanId === scan.clientScanId) {
      this.localAdmissions.delete(scan.ticketId);
      const server = this.serverAdmissions.get(scan.ticketId);
      if (server?.clientScanId === scan.clientScanId || (server && scan.undoneAt)) this.serverAdmissions.delete(scan.ticketId);
    }
    this.version += 1;
  }

  checkIn(ticketId: string): FirstCheckIn | undefined {
    const server = this.serverAdmissions.get(ticketId);
    const local = this.localAdmissions.get(ticketId);
    const first = server && local ? (server.at <= local.at ? server : local) : (server ?? local);
    return first ? { at: first.at, deviceId: first.deviceId, deviceName: first.deviceName } : undefined;
  }

  ticket(ticketId: string): LocalTicket | undefined {
    return this.rows.get(ticketId);
  }

  /** Tickets sold (valid or checked in), admitted, and inside as this device knows them. */
  counts(): { sold: number; checkedIn: number; inside: number } {
    let sold = 0;
    for (const row of this.rows.values()) if (row.status === 'valid') sold += 1;
    const admitted = new Set([...this.serverAdmissions.keys(), ...this.localAdmissions.keys()]);
    return { sold, checkedIn: admitted.size, inside: Math.max(0, admitted.size - this.exits.size) };
  }

  knowledge(): DoorKnowledge {
    const manifest = this;
    return {
      eventId: this.eventId,
      get keys() {
        return manifest.keys;
      },
      get testMode() {
        return manifest.testMode;
      },
      typeName: (id) => this.typeNames.get(id) ?? null,
      isRevoked: (id) => this.revoked.has(id),
      ticket: (id) => this.rows.get(id),
      ticketByShortCode: (code) => {
        const id = this.shortCodes.get(code);
        return id === undefined ? undefined : this.rows.get(id);
      },
      checkIn: (id) => this.checkIn(id),
    };
  }
}
