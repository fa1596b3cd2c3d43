import { createDoorLoader } from '#app/loaders/door-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { DoorLoading, DoorMissing } from '#features/checkins/components/door-missing.tsx';
import { ScanScreen } from '#features/checkins/components/scan-screen.tsx';
import { useDoorEngine } from '#features/checkins/hooks/use-door-engine.ts';
import { useDoorEventId } from '#features/checkins/hooks/use-door-event-id.ts';
import { useDoorUpdateHold } from '#features/checkins/hooks/use-door-update-hold.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';

export const createLoader = createDoorLoader;

export function Component() {
  const { authId } = useRouteSession();
  const { eventId, resolved } = useDoorEventId();
  const door = useDoorEngine(resolved ? eventId : null, authId);
  useDoorUpdateHold(door.engine, { scanning: true });
  return (
    <>
      <PageMeta title="Scan tickets" description="Scan tickets at the door, online or offline." noIndex />
      {!resolved || door.status === 'loading' ? (
        <DoorLoading label="Opening the scanner…" />
      ) : door.status === 'ready' ? (
        <ScanScreen engine={door.engine} />
      ) : (
        <DoorMissing eventId={eventId} failed={door.status === 'failed'} />
      )}
    </>
  );
}
