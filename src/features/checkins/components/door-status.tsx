import { useEffect, useState } from 'react';
import { deviceWeekdayTime } from '#components/format/device-time.ts';
import type { DoorEngine } from '../engine/door-engine.ts';
import { useDoorStatus } from '../hooks/use-door-engine.ts';

function ago(at: number | null, now: number): string {
  if (at === null) return 'never';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 10) return 'just now';
  if (seconds < 90) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min ago`;
  return deviceWeekdayTime(at);
}

function useNow(everyMs = 5000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Online or offline (and why), scans waiting, last sync. */
export function ModeLine({ engine, tone = 'dark' }: { engine: DoorEngine; tone?: 'dark' | 'light' }) {
  const status = useDoorStatus(engine);
  const now = useNow();
  const online = status.mode === 'online';
  const muted = tone === 'dark' ? 'text-slate-300' : 'text-slate-600';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-base" data-door-mode={status.mode}>
      <span
        className={`inline-flex items-center gap-2 rounded-full px-3 py-1 font-bold ${online ? 'bg-emerald-500 text-slate-950' : 'bg-amber-400 text-slate-950'}`}
      >
        <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-950" />
        {online ? 'Online' : 'Offline'}
      </span>
      {engine.manifest.testMode ? (
        <span className="rounded-full bg-amber-300 px-3 py-1 font-bold text-amber-950">Test mode: TEST tickets get in</span>
      ) : null}
      {!online ? <span className={muted}>{status.reason} — deciding on this device</span> : null}
      <span className={`${muted}`} data-pending={status.pending}>
        {status.pending === 0
          ? 'All scans uploaded'
          : `${status.pending} scan${status.pending === 1 ? '' : 's'} waiting to upload`}
      </span>
      <span className={muted}>Synced {ago(status.lastSyncAt, now)}</span>
      {status.signInNeeded ? (
        <a href="/sign-in" className="font-semibold text-amber-500 underline">
          Sign in again to upload
        </a>
      ) : null}
    </div>
  );
}

/** Checked in / sold and inside, from the server when it answers, else as this device knows. */
export function DoorCounts({
  engine,
  size = 'large',
  tone = 'light',
}: {
  engine: DoorEngine;
  size?: 'large' | 'small';
  tone?: 'dark' | 'light';
}) {
  const { counts, countsFrom, duplicates } = useDoorStatus(engine);
  const number = size === 'large' ? 'text-4xl' : 'text-2xl';
  const card = tone === 'dark' ? 'rounded-2xl bg-white/10 p-3' : 'rounded-2xl bg-slate-100 p-3';
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className={card} data-testid="door-checked-in">
        <div className={`font-black ${number} tabular-nums`}>
          {counts.checkedIn}
          <span className="font-semibold text-lg opacity-70"> / {counts.sold}</span>
        </div>
        <div className="font-medium text-sm opacity-80">checked in / sold</div>
      </div>
      <div className={card}>
        <div className={`font-black ${number} tabular-nums`}>{counts.inside}</div>
        <div className="font-medium text-sm opacity-80">inside now</div>
      </div>
      {countsFrom === 'device' ? (
        <p className="col-span-2 text-sm opacity-75">Counts as this device knows them (not live).</p>
      ) : null}
      {duplicates > 0 ? (
        <p className="col-span-2 rounded-xl bg-amber-100 px-3 py-2 font-semibold text-amber-950" data-testid="door-duplicates">
          {duplicates} scan{duplicates === 1 ? '' : 's'} from this device flagged as duplicate after sync: another device admitted
          {duplicates === 1 ? ' that ticket' : ' those tickets'} first.
        </p>
      ) : null}
    </div>
  );
}
