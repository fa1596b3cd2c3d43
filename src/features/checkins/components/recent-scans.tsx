import { useSyncExternalStore } from 'react';
import { deviceClock } from '#components/format/device-time.ts';
import type { DoorEngine } from '../engine/door-engine.ts';
import { verdictLooks } from '../utils/verdict-copy.ts';

/** The last scans of this device, with what the server said after upload (duplicates flagged). */
export function RecentScans({ engine, limit = 6 }: { engine: DoorEngine; limit?: number }) {
  // Re-read whenever the status changes (a scan, an upload, a sync).
  useSyncExternalStore(engine.status.subscribe, engine.status.get, engine.status.get);
  const scans = engine.recentScans(limit);
  if (scans.length === 0) return null;
  return (
    <section aria-labelledby="recent-scans" className="space-y-2">
      <h2 id="recent-scans" className="font-semibold text-slate-300 text-sm uppercase tracking-wide">
        Recent scans
      </h2>
      <ul className="divide-y divide-white/10 rounded-2xl bg-white/5" data-testid="recent-scans">
        {scans.map((scan) => {
          const shown = scan.duplicate ? 'already_used' : (scan.serverResult ?? scan.result);
          const look = verdictLooks[shown];
          const holder = scan.ticketId ? engine.manifest.rows.get(scan.ticketId)?.holderName : undefined;
          return (
            <li key={scan.clientScanId} className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="min-w-0">
                <span className="block truncate font-semibold">
                  {holder || (scan.ticketId ? `Ticket ${scan.ticketId.slice(0, 8)}` : 'Unknown code')}
                </span>
                <span className="text-slate-400 text-sm">
                  {deviceClock(scan.scannedAt, true)}
                  {scan.manual ? ' · by hand' : ''}
                  {scan.uploaded ? '' : ' · waiting to upload'}
                  {scan.undoneAt ? ' · undone' : ''}
                </span>
              </span>
              <span className={`shrink-0 rounded-full px-3 py-1 font-bold text-sm ${look.tone}`}>
                {scan.duplicate ? 'Duplicate' : look.title}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
