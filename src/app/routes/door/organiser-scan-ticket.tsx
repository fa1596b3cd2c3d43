import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { can, rolesAllowed } from '#contract/permissions.ts';
import { EventPicker } from '#features/checkins/components/event-picker.tsx';
import { PreparePanel } from '#features/checkins/components/prepare-panel.tsx';
import { usePreparedEvents } from '#features/checkins/hooks/use-prepared-events.ts';
import type { DoorEventChoice } from '#features/checkins/utils/door-events.ts';
import { orderDoorEvents } from '#features/checkins/utils/door-events.ts';
import { useOrganizationEvents } from '#features/organizer/api/get-organization-events.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useSession } from '#lib/session/use-session.ts';

function DoorSetup({ organizationId }: { organizationId: string }) {
  const { authId } = useRouteSession();
  const [params] = useSearchParams();
  const [now] = useState(() => Date.now());
  // Silent: the door works offline and says so itself (below); no app-wide "You are offline" toast over it.
  const list = useOrganizationEvents(organizationId, '', { silent: true });
  const prepared = usePreparedEvents(params.get('event'));
  const listed: DoorEventChoice[] = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Offline, the events prepared on this device are still there to pick.
  const known = new Set(listed.map((event) => event.id));
  const events = [...listed, ...prepared.filter((record) => !known.has(record.eventId)).map((record) => record.event)];
  const selectedId = params.get('event') ?? orderDoorEvents(events, now)[0]?.id ?? null;
  const selected = events.find((event) => event.id === selectedId) ?? null;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <div className="order-2 min-w-0 space-y-3 lg:order-1">
        <h2 className="font-semibold text-slate-700">Events</h2>
        {list.isPending && prepared.length === 0 ? <p className="text-slate-600">Loading events…</p> : null}
        {list.isError ? (
          <p className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
            The event list cannot load right now. Events already on this device are below.
          </p>
        ) : null}
        <EventPicker
          events={events}
          prepared={new Set(prepared.map((record) => record.eventId))}
          selected={selectedId}
          now={now}
        />
      </div>
      <div className="order-1 min-w-0 lg:order-2">
        {selected ? <PreparePanel key={selected.id} eventId={selected.id} title={selected.title} userId={authId} /> : null}
      </div>
    </div>
  );
}

export function Component() {
  const { organizationId } = useRouteSession();
  const { user } = useSession({ silent: true });
  const role = user?.organizationRole;
  const allowed = !role || can(role, 'checkin.scan');
  return (
    <div className="space-y-6">
      <PageMeta title="Scan tickets" description="Prepare this device for the door and start scanning." noIndex />
      <header>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Scan tickets</h1>
        <p className="mt-1 text-slate-600">
          Pick the event. Its tickets download to this device, so the door keeps working without a connection.
        </p>
      </header>
      {allowed && organizationId ? (
        <DoorSetup organizationId={organizationId} />
      ) : (
        <p className="rounded-xl bg-slate-100 px-4 py-3 text-slate-700">Only {rolesAllowed('checkin.scan')} scan tickets.</p>
      )}
    </div>
  );
}
