import { createOrganiserEventLoader } from '#app/loaders/organiser-event-loader.ts';
import { OrganiserEventPage } from '#app/organiser-event-page.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { capacityQuotasQueryOptions } from '#features/organizer/api/get-capacity-quotas.ts';
import { CapacitySection } from '#features/organizer/components/capacity/capacity-section.tsx';

/** The event and its capacity, for the server's HTML when the token allows it (see createOrganiserEventLoader). */
export const createLoader = (context: RouteContext) =>
  createOrganiserEventLoader(context, (eventId) => [
    context.queryClient.prefetchQuery(capacityQuotasQueryOptions(context.api, eventId)),
  ]);

export function Component() {
  return (
    <OrganiserEventPage
      heading="Capacity"
      title={(eventTitle) => `Capacity of ${eventTitle}`}
      description="The event’s capacity and places its ticket types share."
      intro="how many people the event holds, and places some ticket types share."
    >
      {(event) => <CapacitySection event={event} />}
    </OrganiserEventPage>
  );
}
