import { useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { ShowMore } from '#components/data-table/show-more.tsx';
import { wideFieldClass } from '#components/fields/field-row.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { accessQueryOptions, useAdminCan } from '#features/admin/api/get-access.ts';
import { adminListOptions, setFilters, useAdminList } from '#features/admin/api/lists.ts';
import { AdminEventsTable } from '#features/admin/components/admin-events-table.tsx';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { CsvDownload } from '#features/admin/components/csv-download.tsx';
import { ListFilters, SortField } from '#features/admin/components/list-filters.tsx';

const filtersOf = (search: URLSearchParams) =>
  setFilters({ q: search.get('q'), status: search.get('status'), sort: search.get('sort') });

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    const access = await queryClient.fetchQuery(accessQueryOptions(api)).catch(() => null);
    if (!access?.permissions.includes('events.moderate')) return null;
    await queryClient.prefetchInfiniteQuery(adminListOptions(api, 'events', filtersOf(new URL(request.url).searchParams)));
    return null;
  };
}

const statuses = [
  ['published', 'Published'],
  ['draft', 'Draft'],
  ['cancelled', 'Cancelled'],
  ['suspended', 'Suspended'],
  ['featured', 'Featured'],
] as const;

export function Component() {
  const [search] = useSearchParams();
  const filters = filtersOf(search);
  const can = useAdminCan();
  const allowed = can('events.moderate');
  const events = useAdminList('events', filters, allowed);
  return (
    <AdminPage>
      <PageMeta title="Events" description="Every event on the platform." noIndex />
      <AdminHeader
        title="Events"
        intro="Every event with its status and sales. Unpublish or suspend one with a reason its organiser receives; feature one on the home page."
        actions={allowed ? <CsvDownload list="events" filters={filters} /> : null}
      />
      {!allowed ? (
        <NotAllowed what="moderating events" />
      ) : (
        <>
          <ListFilters count={Object.keys(filters).length} clearTo="/admin/events">
            <div className={wideFieldClass}>
              <TextField label="Title or organisation" name="q" defaultValue={filters.q ?? ''} />
            </div>
            <SelectField label="Status" name="status" defaultValue={filters.status ?? ''}>
              <option value="">Any status</option>
              {statuses.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <SortField value={filters.sort} />
          </ListFilters>
          <AdminEventsTable
            events={events.data?.pages.flatMap((page) => page.items) ?? []}
            loading={events.isPending}
            error={events.isError ? 'The events could not be loaded.' : null}
            onRetry={() => void events.refetch()}
          />
          <ShowMore hasMore={events.hasNextPage} loading={events.isFetchingNextPage} onMore={() => void events.fetchNextPage()} />
        </>
      )}
    </AdminPage>
  );
}
