import { useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { ShowMore } from '#components/data-table/show-more.tsx';
import { controlClass } from '#components/fields/control-class.ts';
import { SearchInput } from '#components/search-input.tsx';
import { kycStatusSchema } from '#contract/users.ts';
import { kycStatusLabels } from '#contract/verification.ts';
import { accessQueryOptions } from '#features/admin/api/get-access.ts';
import { organisersQueryOptions, useAdminOrganisers } from '#features/admin/api/organisers.ts';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { CsvDownload } from '#features/admin/components/csv-download.tsx';
import { OrganisersTable } from '#features/admin/components/organisers-table.tsx';
import { statusOf } from '#lib/api-caller.tsx';

/** The words and the verification state live in the address; an unknown state reads as none. */
function filtersOf(searchParams: URLSearchParams) {
  const q = searchParams.get('q')?.trim() ?? '';
  const status = kycStatusSchema.safeParse(searchParams.get('status')).data ?? '';
  return { q, status };
}

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    const { q, status } = filtersOf(new URL(request.url).searchParams);
    await Promise.all([
      queryClient.prefetchQuery(accessQueryOptions(api)),
      queryClient.prefetchInfiniteQuery(organisersQueryOptions(api, q, status)),
    ]);
    return null;
  };
}

export function Component() {
  const [searchParams] = useSearchParams();
  const { q, status } = filtersOf(searchParams);
  const organisers = useAdminOrganisers(q, status);
  const forbidden = statusOf(organisers.error) === 403;

  return (
    <AdminPage>
      <PageMeta title="Organisers" description="Review organisers’ verification, suspend them, manage their teams." noIndex />
      <AdminHeader
        title="Organisers"
        intro="Review who sells on Admit: verification, payouts, suspension and teams."
        actions={
          forbidden ? null : <CsvDownload list="organisers" filters={{ ...(q ? { q } : {}), ...(status ? { status } : {}) }} />
        }
      />
      {forbidden ? (
        <NotAllowed what="reviewing organisers" />
      ) : (
        <>
          <form method="get" className="grid max-w-3xl gap-3 sm:grid-cols-[1fr_14rem]" aria-label="Find organisers">
            <div>
              <SearchInput
                label="Search organisers"
                defaultValue={q}
                placeholder="Name or owner’s email"
                buttonVariant="secondary"
              />
            </div>
            <div>
              <label htmlFor="organiser-status" className="sr-only">
                Verification state
              </label>
              <select
                id="organiser-status"
                name="status"
                defaultValue={status}
                className={`h-12 w-full ${controlClass(false)}`}
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
              >
                <option value="">Every state</option>
                {kycStatusSchema.options.map((option) => (
                  <option key={option} value={option}>
                    {kycStatusLabels[option]}
                  </option>
                ))}
              </select>
            </div>
          </form>
          <OrganisersTable
            organisers={organisers.data?.pages.flatMap((page) => page.items) ?? []}
            loading={organisers.isPending}
            error={organisers.isError ? 'The organisers could not be loaded.' : null}
            onRetry={() => void organisers.refetch()}
          />
          <ShowMore
            hasMore={organisers.hasNextPage}
            loading={organisers.isFetchingNextPage}
            onMore={() => void organisers.fetchNextPage()}
          />
        </>
      )}
    </AdminPage>
  );
}
