import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ScanDirection } from '#contract/checkins.ts';
import type { DoorEngine } from '../engine/door-engine.ts';
import { isMuted, setMuted, unlockAudio } from '../engine/feedback.ts';
import { useWakeLock } from '../hooks/use-wake-lock.ts';
import { createWedgeReader } from '../utils/wedge-reader.ts';
import { DoorCounts, ModeLine } from './door-status.tsx';
import { ManualEntry } from './manual-entry.tsx';
import { RecentScans } from './recent-scans.tsx';
import { ScannerCamera } from './scanner-camera.tsx';
import { VerdictOverlay } from './verdict-overlay.tsx';

const pill = 'flex min-h-12 flex-1 items-center justify-center whitespace-nowrap rounded-xl px-2 font-bold text-base';

/** The door: camera, manual field, hardware scanner input, and the verdict over everything. */
export function ScanScreen({ engine }: { engine: DoorEngine }) {
  const [direction, setDirection] = useState<ScanDirection>('in');
  const [sound, setSound] = useState(() => !isMuted());
  const navigate = useNavigate();
  const searchPath = `/organizer/validate-ticket/search?event=${encodeURIComponent(engine.eventId)}`;
  useWakeLock(true);

  const scan = useCallback(
    (code: string, source: 'camera' | 'wedge' | 'typed') => {
      void engine.scan(code, { direction, source }).catch((error: unknown) => console.error('Scan failed', error));
    },
    [engine, direction],
  );

  // Keyboard-wedge scanners type into the page; a field with focus handles its own Enter.
  useEffect(() => {
    const reader = createWedgeReader((code) => scan(code, 'wedge'));
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if (reader.key(event.key, event.timeStamp)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [scan]);

  useEffect(() => {
    // A tap anywhere lets the page make sounds (browsers need a gesture first).
    const unlock = () => unlockAudio();
    window.addEventListener('pointerdown', unlock, { once: true });
    return () => window.removeEventListener('pointerdown', unlock);
  }, []);

  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col gap-4 px-4 pb-8">
      <div className="space-y-2">
        <h1 className="font-bold text-2xl leading-tight">{engine.record.event.title}</h1>
        <ModeLine engine={engine} />
      </div>
      <ScannerCamera onDecode={(text) => scan(text, 'camera')} />
      <fieldset className="flex gap-2 rounded-2xl bg-white/10 p-1">
        <legend className="sr-only">Scanning</legend>
        {(['in', 'out'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={direction === value}
            onClick={() => setDirection(value)}
            className={`${pill} ${direction === value ? 'bg-white text-slate-950' : 'text-white'}`}
          >
            {value === 'in' ? 'Entry' : 'Exit'}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={sound}
          onClick={() => {
            setMuted(sound);
            setSound(!sound);
            unlockAudio();
          }}
          className={`${pill} text-white`}
        >
          {sound ? 'Sound on' : 'Sound off'}
        </button>
      </fieldset>
      <ManualEntry
        onSubmit={(code) => scan(code, 'typed')}
        onSearch={(text) => navigate(`${searchPath}&${new URLSearchParams({ q: text }).toString()}`)}
      />
      <DoorCounts engine={engine} size="small" tone="dark" />
      <Link
        to={searchPath}
        className="flex min-h-14 items-center justify-center rounded-2xl border-2 border-white/30 font-bold text-lg"
      >
        Search by name, email or order
      </Link>
      <RecentScans engine={engine} />
      <VerdictOverlay engine={engine} />
    </div>
  );
}
