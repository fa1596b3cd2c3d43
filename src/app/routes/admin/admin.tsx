import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import { ShowMore } from '#components/data-table/show-more.tsx';
import { accessQueryOptions, useAdminCan } from '#features/admin/api/get-access.ts';
import { overviewQueryOptions, useOverview } from '#features/admin/api/get-overview.ts';
import { auditQueryOptions, useAudit } from '#features/admin/api/users.ts';
import { AdminHeader, AdminPage, AdminSearch, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { AuditTable } from '#features/admin/components/audit-table.tsx';
import { CsvDownload } from '#features/admin/components/csv-download.tsx';
import { PlatformFigures } from '#features/admin/components/platform-figures.tsx';
import { WaitingWork } from '#features/admin/components/waiting-work.tsx';
import { statusOf } from '#lib/api-caller.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
    const access = await queryClient.fetchQuery(accessQueryOptions(api)).catch(() => null);
    await Promise.all([
      access?.permissions.includes('audit.read') ? queryClient.prefetchInfiniteQuery(auditQueryOptions(api, q)) : null,
      access?.permissions.includes('payments.read') ? queryClient.prefetchQuery(overviewQueryOptions(api)) : null,
    ]);
    return null;
  };
}

export function Component() {
  const [searchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const can = useAdminCan();
  const mayRead = can('audit.read');
  const audit = useAudit(q, mayRead);
  const overview = useOverview(can('payments.read'));

  return (
    <AdminPage>
      <PageMeta title="Admin" description="The platform’s administration." noIndex />
      <AdminHeader
        title="Admin"
        intro="The platform at a glance, and every administrator’s action: who, what, on which object, when and why."
      />
      <nav aria-label="Admin pages" className="flex flex-wrap gap-4">
        {can('users.read') ? (
          <Link to="/admin/users" className={linkClass}>
            Users
          </Link>
        ) : null}
        {can('organisers.review') ? (
          <Link to="/admin/organisers" className={linkClass}>
            Organisers
          </Link>
        ) : null}
        {can('payments.read') || can('orders.refund') ? (
          <Link to="/admin/orders" className={linkClass}>
            Orders
          </Link>
        ) : null}
        {can('tickets.void') ? (
          <Link to="/admin/tickets" className={linkClass}>
            Tickets
          </Link>
        ) : null}
        {can('events.moderate') ? (
          <Link to="/admin/events" className={linkClass}>
            Events
          </Link>
        ) : null}
        {can('events.moderate') ? (
          <Link to="/admin/messages" className={linkClass}>
            Messages to attendees
          </Link>
        ) : null}
        {can('payments.read') ? (
          <Link to="/admin/payments" className={linkClass}>
            Payments
          </Link>
        ) : null}
        {can('fees.manage') ? (
          <Link to="/admin/booking-fees" className={linkClass}>
            Booking fees
          </Link>
        ) : null}
        {can('groups.manage') ? (
          <Link to="/admin/user-groups" className={linkClass}>
            User groups
          </Link>
        ) : null}
      </nav>
      {overview.data ? <WaitingWork waiting={overview.data.waiting} can={can} /> : null}
      {overview.data ? <PlatformFigures overview={overview.data} /> : null}
      <section aria-labelledby="audit-title" className="space-y-4">
        <h2 id="audit-title" className="font-bold text-slate-900 text-xl">
          Audit log
        </h2>
        {!mayRead || statusOf(audit.error) === 403 ? (
          <NotAllowed what="reading the audit log" />
        ) : (
          <>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <AdminSearch label="Search the audit log" q={q} placeholder="Action, object id or email" />
              <CsvDownload list="audit" filters={q ? { q } : {}} />
            </div>
            <AuditTable
              entries={audit.data?.pages.flatMap((page) => page.items) ?? []}
              loading={audit.isPending}
              error={audit.isError ? 'The audit log could not be loaded.' : null}
              onRetry={() => void audit.refetch()}
            />
            <ShowMore hasMore={audit.hasNextPage} loading={audit.isFetchingNextPage} onMore={() => void audit.fetchNextPage()} />
          </>
        )}
      </section>
    </AdminPage>
  );
}
