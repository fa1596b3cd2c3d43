import { createDoorLoader } from '#app/loaders/door-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { DoorLoading, DoorMissing } from '#features/checkins/components/door-missing.tsx';
import { SearchScreen } from '#features/checkins/components/search-screen.tsx';
import { useDoorEngine } from '#features/checkins/hooks/use-door-engine.ts';
import { useDoorEventId } from '#features/checkins/hooks/use-door-event-id.ts';
import { useDoorUpdateHold } from '#features/checkins/hooks/use-door-update-hold.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';

export const createLoader = createDoorLoader;

export function Component() {
  const { authId } = useRouteSession();
  const { eventId, resolved } = useDoorEventId();
  const door = useDoorEngine(resolved ? eventId : null, authId);
  useDoorUpdateHold(door.engine);
  return (
    <>
      <PageMeta title="Find a ticket" description="Search tickets by name, email, order or code and check in by hand." noIndex />
      {!resolved || door.status === 'loading' ? (
        <DoorLoading label="Opening the ticket list…" />
      ) : door.status === 'ready' ? (
        <SearchScreen engine={door.engine} />
      ) : (
        <DoorMissing eventId={eventId} failed={door.status === 'failed'} />
      )}
    </>
  );
}
