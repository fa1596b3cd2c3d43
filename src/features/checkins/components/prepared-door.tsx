import { Link } from 'react-router';
import type { DoorEngine } from '../engine/door-engine.ts';
import { unlockAudio } from '../engine/feedback.ts';
import { useDoorEngine, useDoorStatus } from '../hooks/use-door-engine.ts';
import { useDoorUpdateHold } from '../hooks/use-door-update-hold.ts';
import { DoorReadiness } from './door-readiness.tsx';
import { DoorCounts, ModeLine } from './door-status.tsx';

function Ready({ engine }: { engine: DoorEngine }) {
  const status = useDoorStatus(engine);
  const tickets = engine.manifest.rows.size;
  const query = `?event=${encodeURIComponent(engine.eventId)}`;
  return (
    <div className="space-y-5">
      <ModeLine engine={engine} tone="light" />
      <DoorReadiness tickets={tickets} />
      <DoorCounts engine={engine} />
      <Link
        to={`/organizer/validate-ticket/scan${query}`}
        onClick={() => unlockAudio()}
        className="flex min-h-16 w-full items-center justify-center rounded-2xl bg-indigo-600 px-6 font-bold text-white text-xl hover:bg-indigo-700"
      >
        Start scanning
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link
          to={`/organizer/validate-ticket/search${query}`}
          className="flex min-h-12 flex-1 items-center justify-center rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800"
        >
          Search tickets
        </Link>
        <button
          type="button"
          disabled={status.syncing}
          onClick={() => void engine.sync()}
          className="flex min-h-12 flex-1 items-center justify-center rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 disabled:opacity-60"
        >
          {status.syncing ? 'Syncing…' : 'Sync now'}
        </button>
      </div>
    </div>
  );
}

/** A prepared event: its sync state, live counts and the way to the scanner. */
export function PreparedDoor({ eventId, userId }: { eventId: string; userId: string | null }) {
  const door = useDoorEngine(eventId, userId);
  useDoorUpdateHold(door.engine);
  if (door.status === 'ready') return <Ready engine={door.engine} />;
  if (door.status === 'failed') return <p className="text-red-700">This device could not open its scan data.</p>;
  return <p className="text-slate-600">Opening the scan data on this device…</p>;
}
