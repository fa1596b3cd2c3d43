import type { RouteContext } from '#app/route-context.ts';
import { organizationEventsQueryOptions } from '#features/organizer/api/get-organization-events.ts';
import { prefetchMember } from '#features/organizer/api/prefetch-member.ts';

/**
 * The loader of an organiser's pages about the organisation's sales (payments, reports): the guard has checked the
 * membership; the organisation's events (to choose one) and the member (for their role) come with the page.
 */
export function createOrganiserEventsLoader({ queryClient, api, session }: RouteContext) {
  return async () => {
    const { organizationId, authId } = session();
    if (organizationId) {
      await Promise.all([
        queryClient.prefetchInfiniteQuery(organizationEventsQueryOptions(api, organizationId, '')),
        prefetchMember(queryClient, api, authId),
      ]);
    }
    return null;
  };
}
