import { createOrganiserEventLoader } from '#app/loaders/organiser-event-loader.ts';
import { OrganiserEventPage } from '#app/organiser-event-page.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { waitingListQueryOptions } from '#features/organizer/api/get-waiting-list.ts';
import { WaitingListSection } from '#features/organizer/components/waiting-list/waiting-list-section.tsx';

/** The event and its waiting list, for the server's HTML when the token allows it (see createOrganiserEventLoader). */
export const createLoader = (context: RouteContext) =>
  createOrganiserEventLoader(context, (eventId) => [
    context.queryClient.prefetchQuery(waitingListQueryOptions(context.api, eventId)),
  ]);

export function Component() {
  return (
    <OrganiserEventPage
      heading="Waiting list"
      title={(eventTitle) => `Waiting list of ${eventTitle}`}
      description="The people waiting for sold-out tickets, and the offers made to them."
      intro="people waiting for sold-out tickets, in the order they joined. Places that come back are offered to them by email."
    >
      {(event) => <WaitingListSection event={event} />}
    </OrganiserEventPage>
  );
}
