import type { CheckinStats } from '../api/door-api.ts';
import type { ConnectionMode } from './connection-monitor.ts';

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

/** The server's counts are shown while online and this fresh; otherwise the device counts its own knowledge. */
const serverCountsFreshMs = 20_000;

export function describeStatus(input: {
  mode: ConnectionMode;
  reason: string;
  tally: { pending: number; duplicates: number };
  lastSyncAt: number | null;
  syncing: boolean;
  signInNeeded: boolean;
  serverCounts: { at: number; counts: CheckinStats } | null;
  deviceCounts: () => CheckinStats;
  /** This device's admissions and exits since a moment (ms): what the server's counts of that moment lack. */
  movesSince: (at: number) => { in: number; out: number };
  now: number;
}): DoorStatus {
  const { serverCounts } = input;
  const fresh = serverCounts && input.now - serverCounts.at < serverCountsFreshMs && input.mode === 'online';
  const moved = fresh && serverCounts ? input.movesSince(serverCounts.at) : null;
  return {
    mode: input.mode,
    reason: input.reason,
    pending: input.tally.pending,
    duplicates: input.tally.duplicates,
    lastSyncAt: input.lastSyncAt,
    syncing: input.syncing,
    signInNeeded: input.signInNeeded,
    // The server's counts as they were asked, moved on by this device's own scans since: an admission here shows at
    // once, not at the next time the server is asked.
    counts:
      serverCounts && moved
        ? {
            ...serverCounts.counts,
            checkedIn: serverCounts.counts.checkedIn + moved.in,
            inside: Math.max(0, serverCounts.counts.inside + moved.in - moved.out),
          }
        : input.deviceCounts(),
    countsFrom: fresh ? 'server' : 'device',
  };
}
