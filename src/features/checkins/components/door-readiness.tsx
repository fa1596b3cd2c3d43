import { useEffect } from 'react';
import { askPersistentStorage } from '#lib/offline-app.ts';
import { useOfflineApp } from '#lib/use-offline-app.ts';
import { describeDoorReadiness, type ReadinessCheck } from '../utils/door-readiness.ts';

const marks = {
  done: { sign: '✓', label: 'Done', className: 'bg-emerald-100 text-emerald-800' },
  waiting: { sign: '…', label: 'Not yet', className: 'bg-slate-100 text-slate-600' },
  unavailable: { sign: '✕', label: 'Not possible', className: 'bg-amber-100 text-amber-900' },
} as const;

function Check({ check }: { check: ReadinessCheck }) {
  const mark = marks[check.state];
  const { progress } = check;
  return (
    <li className="flex gap-3" data-check={check.id} data-state={check.state}>
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full font-bold text-sm ${mark.className}`}
      >
        {mark.sign}
      </span>
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="text-slate-800">
          <span className="sr-only">{mark.label}: </span>
          {check.label}
        </p>
        {check.detail ? <p className="text-slate-500 text-sm">{check.detail}</p> : null}
        {progress ? (
          <progress
            aria-label="App files saved for offline use"
            value={progress.done}
            max={progress.total}
            className="h-2 w-full overflow-hidden rounded-full accent-indigo-600"
          />
        ) : null}
        {check.reload ? (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="min-h-10 rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-800"
          >
            Reload
          </button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Whether this device can check the event's tickets without a connection — said only once it truly can
 * (tickets stored, the app saved and in control of the page); until then, what is still missing.
 */
export function DoorReadiness({ tickets }: { tickets: number }) {
  const app = useOfflineApp();
  // The tickets and the app must survive storage pressure at the venue; a refusal changes nothing visible.
  useEffect(() => {
    void askPersistentStorage();
  }, []);
  const readiness = describeDoorReadiness({ tickets, app });
  if (readiness.ready) {
    return (
      <p className="text-slate-600" data-offline-ready="true">
        {readiness.sentence}
      </p>
    );
  }
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 px-4 py-3" data-offline-ready="false">
      <p className="text-slate-700">{readiness.sentence}</p>
      <ul className="space-y-2">
        {readiness.checks.map((check) => (
          <Check key={check.id} check={check} />
        ))}
      </ul>
    </div>
  );
}
