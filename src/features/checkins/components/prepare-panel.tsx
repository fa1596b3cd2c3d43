import { usePrepareDevice } from '../hooks/use-prepare-device.ts';
import { DownloadProgress } from './download-progress.tsx';
import { PreparedDoor } from './prepared-door.tsx';

/** Picks up an event on this device: downloads its scan data (resuming), then shows the door's state. */
export function PreparePanel({ eventId, title, userId }: { eventId: string; title: string; userId: string | null }) {
  const { state, error, retry } = usePrepareDevice(eventId, userId);
  return (
    <section aria-labelledby="door-event-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="door-event-title" className="font-bold text-slate-900 text-xl">
        {title}
      </h2>
      {state.phase === 'checking' ? <p className="text-slate-600">Looking for this event on the device…</p> : null}
      {state.phase === 'downloading' ? (
        <DownloadProgress stored={state.stored} total={state.total} label="Downloading tickets to this device" />
      ) : null}
      {state.phase === 'interrupted' ? (
        <div className="space-y-3">
          <DownloadProgress stored={state.stored} total={state.total} label="Download interrupted" />
          <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
            {error}
          </p>
          <button
            type="button"
            onClick={retry}
            className="flex min-h-12 w-full items-center justify-center rounded-xl bg-indigo-600 px-4 font-semibold text-white"
          >
            {state.stored > 0 ? 'Resume download' : 'Try again'}
          </button>
        </div>
      ) : null}
      {state.phase === 'ready' ? <PreparedDoor eventId={eventId} userId={userId} /> : null}
    </section>
  );
}
