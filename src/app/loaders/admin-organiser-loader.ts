import type { LoaderFunctionArgs } from 'react-router';
import { notFound } from '#app/not-found-response.ts';
import type { RouteContext } from '#app/route-context.ts';
import { isUuid } from '#contract/ids.ts';
import { accessQueryOptions } from '#features/admin/api/get-access.ts';
import { statusOf } from '#lib/api-caller.tsx';

/**
 * The loader of an admin page about one organiser (`:organiserId`), which fetches what the page shows with `load`.
 * An id that is no UUID, or an organiser the API does not know, is the not-found page; a refusal (403) is shown by
 * the page.
 */
export function createAdminOrganiserLoader({ queryClient, api }: RouteContext, load: (organiserId: string) => Promise<unknown>) {
  return async ({ params }: LoaderFunctionArgs) => {
    const organiserId = params.organiserId ?? '';
    if (!isUuid(organiserId)) throw notFound();
    // The admin layout lists the pages the caller's groups allow, from these permissions.
    await queryClient.prefetchQuery(accessQueryOptions(api));
    try {
      await load(organiserId);
    } catch (error) {
      if (statusOf(error) === 404) throw notFound();
    }
    return null;
  };
}
