import { Link, useParams } from 'react-router';
import { createAdminOrganiserLoader } from '#app/loaders/admin-organiser-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { formatDay } from '#components/format/date-time.ts';
import { Spinner } from '#components/submit-button.tsx';
import { useAdminCan } from '#features/admin/api/get-access.ts';
import { organiserQueryOptions, useAdminOrganiser } from '#features/admin/api/organisers.ts';
import { AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { OrganiserFeePlan } from '#features/admin/components/organiser-fee-plan.tsx';
import { OrganiserHistory, OrganiserReview } from '#features/admin/components/organiser-review.tsx';
import { statusOf } from '#lib/api-caller.tsx';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function createLoader(context: RouteContext) {
  return createAdminOrganiserLoader(context, (organiserId) =>
    context.queryClient.fetchQuery(organiserQueryOptions(context.api, organiserId)),
  );
}

export function Component() {
  const organiserId = useParams().organiserId ?? '';
  const detail = useAdminOrganiser(organiserId);
  const data = detail.data;
  const can = useAdminCan();
  return (
    <AdminPage>
      <PageMeta
        title={data ? `${data.organiser.name} — organiser` : 'Organiser'}
        description="An organiser’s verification and history."
        noIndex
      />
      <p>
        <Link to="/admin/organisers" className="font-semibold text-indigo-700 text-sm underline underline-offset-2">
          ← Organisers
        </Link>
      </p>
      {statusOf(detail.error) === 403 ? (
        <NotAllowed what="reviewing organisers" />
      ) : !data ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading…
        </p>
      ) : (
        <>
          <header>
            <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{data.organiser.name}</h1>
            <p className="mt-1 text-slate-600">
              Owner {data.organiser.ownerEmail ?? 'unknown'} · joined {formatDay(data.organiser.createdAt)} ·{' '}
              {plural(data.organiser.events, 'event')} · {plural(data.organiser.members, 'member')} ·{' '}
              <Link
                to={`/admin/organisers/${organiserId}/team`}
                className="font-semibold text-indigo-700 underline underline-offset-2"
              >
                Team
              </Link>{' '}
              ·{' '}
              <Link
                to={`/organisation-view/${organiserId}`}
                className="font-semibold text-indigo-700 underline underline-offset-2"
              >
                Public page
              </Link>
            </p>
            {data.organiser.description ? <p className="mt-2 max-w-3xl text-slate-700">{data.organiser.description}</p> : null}
          </header>
          <OrganiserReview detail={data} />
          {can('fees.manage') ? <OrganiserFeePlan organizationId={organiserId} name={data.organiser.name} /> : null}
          <OrganiserHistory history={data.history} />
        </>
      )}
    </AdminPage>
  );
}
