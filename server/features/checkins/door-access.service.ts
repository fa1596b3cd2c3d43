import type { EventStatus } from '../../../src/contract/events.ts';
import { can } from '../../../src/contract/permissions.ts';
import type { MemberRole } from '../../../src/contract/users.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { permissionDenied } from '../../lib/permission-denied.ts';
import { findDoorAccess } from './checkins.repository.ts';

/** What a scan needs to know about the event and the person scanning, in one query. */
export interface DoorAccess {
  eventId: string;
  organizationId: string;
  role: MemberRole;
  userId: string;
  /** "Dora D." — shown as "first scanned by" on other devices. */
  scannerName: string;
  publicKeys: string[];
  event: {
    id: string;
    title: string;
    startsAt: string;
    endsAt: string;
    timezone: string;
    status: EventStatus;
    /** TEST tickets are admitted while this is on. */
    testMode: boolean;
  };
}

// A busy door asks for every scan; the answer changes rarely. Kept for a few seconds, so a removed
// member or a changed role counts within ACCESS_TTL_MS.
const ACCESS_TTL_MS = 5_000;
const ACCESS_CACHE_LIMIT = 2_000;
const cache = new Map<string, { at: number; access: DoorAccess }>();

async function loadAccess(db: Db, eventId: string, userId: string): Promise<DoorAccess> {
  const row = await findDoorAccess(db, eventId, userId);
  // Not a member (or no such event): 404, so nobody learns what another organisation has.
  if (!row?.role) throw notFound('That event');
  if (!can(row.role, 'checkin.scan')) throw permissionDenied('checkin.scan');
  const initial = row.last_name ? ` ${row.last_name.slice(0, 1)}.` : '';
  return {
    eventId: row.id,
    organizationId: row.organization_id,
    role: row.role,
    userId,
    scannerName: `${row.first_name ?? 'Door'}${initial}`,
    publicKeys: row.public_key ? [row.public_key] : [],
    event: {
      id: row.id,
      title: row.title,
      startsAt: new Date(row.starts_at).toISOString(),
      endsAt: new Date(row.ends_at).toISOString(),
      timezone: row.timezone,
      status: row.status,
      testMode: row.test_mode,
    },
  };
}

/** The caller's access to scan for the event: 404 for non-members, 403 without `checkin.scan`. */
export async function requireDoorAccess(db: Db, eventId: string, userId: string, fresh = false): Promise<DoorAccess> {
  const key = `${eventId}:${userId}`;
  const hit = cache.get(key);
  const now = Date.now();
  if (!fresh && hit && now - hit.at < ACCESS_TTL_MS) return hit.access;
  const access = await loadAccess(db, eventId, userId);
  if (cache.size >= ACCESS_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, { at: now, access });
  return access;
}

// A lane passes 20–30 people a minute, so one account scanning on a dozen phones (a door team sharing a sign-in),
// or a phone uploading an hour offline, fits; a runaway or hostile client does not. Counted per account and event,
// never per device: device ids are the client's to choose, and inventing them must not multiply the quota. In memory
// per instance: cheap enough to ask on every scan.
export const SCANS_PER_ACCOUNT_PER_MINUTE = 6_000;
const windows = new Map<string, { start: number; hits: number }>();

export function consumeScanQuota(userId: string, eventId: string, scans = 1): void {
  const now = Date.now();
  const start = now - (now % 60_000);
  const key = `${userId}:${eventId}`;
  let window = windows.get(key);
  if (!window || window.start !== start) {
    if (windows.size > 50_000) windows.clear();
    window = { start, hits: 0 };
    windows.set(key, window);
  }
  window.hits += scans;
  if (window.hits > SCANS_PER_ACCOUNT_PER_MINUTE) {
    throw new HttpError('TOO_MANY_REQUESTS', 'Too many scans from this account. Please wait a minute and try again.');
  }
}
