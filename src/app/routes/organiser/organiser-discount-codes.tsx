import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { notFound } from '#app/not-found-response.ts';
import { OrganiserEventPage } from '#app/organiser-event-page.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { readFilters } from '#components/data-table/url-filters.ts';
import { eventParamsSchema } from '#contract/events.ts';
import { discountCodesQueryOptions } from '#features/organizer/api/get-discount-codes.ts';
import { organizerEventQueryOptions } from '#features/organizer/api/get-organizer-event.ts';
import { codeFilters, DiscountCodesSection } from '#features/organizer/components/codes/discount-codes-section.tsx';

interface CodesLoaderData {
  /** When the page was loaded: the codes' statuses read the same on the server and while hydrating. */
  asOf: number;
}

/**
 * An address whose event id is not an id names nothing: the 404 page. Otherwise the event and the first page of codes
 * are fetched for the server's HTML when the token allows it; the page loads them itself when it does not.
 */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<CodesLoaderData> => {
    const parsed = eventParamsSchema.safeParse(params);
    if (!parsed.success) throw notFound();
    const { eventId } = parsed.data;
    const canAsk = session().token !== null || typeof document !== 'undefined';
    if (canAsk) {
      const filters = readFilters(codeFilters, new URL(request.url).searchParams);
      await Promise.all([
        queryClient.prefetchQuery(organizerEventQueryOptions(api, eventId)),
        queryClient.prefetchQuery(
          discountCodesQueryOptions(api, eventId, { search: filters.q, archived: filters.archived === true, page: filters.page }),
        ),
      ]);
    }
    return { asOf: Date.now() };
  };
}

export function Component() {
  const { asOf } = useLoaderData() as CodesLoaderData;
  return (
    <OrganiserEventPage
      heading="Discount codes"
      title={(eventTitle) => `Codes for ${eventTitle}`}
      description="Discount and access codes."
      intro="codes that take money off tickets, or show hidden tickets to whoever has them."
    >
      {(event) => <DiscountCodesSection event={event} asOf={asOf} />}
    </OrganiserEventPage>
  );
}
