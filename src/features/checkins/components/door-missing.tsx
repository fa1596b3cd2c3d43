import { Link } from 'react-router';

/** The door screens without an event prepared on this device. */
export function DoorMissing({ eventId, failed = false }: { eventId: string | null; failed?: boolean }) {
  return (
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-6 px-6 text-center">
      <h1 className="font-bold text-3xl">{failed ? 'This device cannot open its scan data' : 'Prepare this device first'}</h1>
      <p className="text-lg text-slate-300">
        {failed
          ? 'Its storage could not be read (private browsing or no space left). Try again, or use another browser.'
          : 'Scanning works offline once the event’s tickets are on this device. Pick the event and download its scan data.'}
      </p>
      <Link
        to={eventId ? `/organizer/scan-ticket?event=${encodeURIComponent(eventId)}` : '/organizer/scan-ticket'}
        className="flex min-h-14 w-full items-center justify-center rounded-2xl bg-white px-6 font-bold text-lg text-slate-950"
      >
        Choose an event
      </Link>
    </div>
  );
}

export function DoorLoading({ label }: { label: string }) {
  return (
    <div className="flex flex-1 items-center justify-center p-6 font-semibold text-lg text-slate-300" aria-busy="true">
      {label}
    </div>
  );
}
