import type { LoaderFunctionArgs } from 'react-router';
import { notFound } from '#app/not-found-response.ts';
import type { RouteContext } from '#app/route-context.ts';
import { eventParamsSchema } from '#contract/events.ts';
import { organizerEventQueryOptions } from '#features/organizer/api/get-organizer-event.ts';

/**
 * The loader of an organiser's page about one of their events (`:eventId`): an id that is no id is the 404 page.
 * Otherwise the event, and what `prefetch` asks for, are fetched for the server's HTML when the token allows it; the
 * page loads them itself when it does not.
 */
export function createOrganiserEventLoader(context: RouteContext, prefetch: (eventId: string) => Promise<unknown>[]) {
  return async ({ params }: LoaderFunctionArgs): Promise<null> => {
    const parsed = eventParamsSchema.safeParse(params);
    if (!parsed.success) throw notFound();
    const { eventId } = parsed.data;
    if (context.session().token !== null || typeof document !== 'undefined') {
      await Promise.all([
        context.queryClient.prefetchQuery(organizerEventQueryOptions(context.api, eventId)),
        ...prefetch(eventId),
      ]);
    }
    return null;
  };
}
