import { Link, useParams } from 'react-router';
import { createAdminOrganiserLoader } from '#app/loaders/admin-organiser-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { Spinner } from '#components/submit-button.tsx';
import { organiserTeamQueryOptions, useAdminOrganiserTeam } from '#features/admin/api/organisers.ts';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { OrganiserTeamTable } from '#features/admin/components/organiser-team-table.tsx';
import { statusOf } from '#lib/api-caller.tsx';

export function createLoader(context: RouteContext) {
  return createAdminOrganiserLoader(context, (organiserId) =>
    context.queryClient.fetchQuery(organiserTeamQueryOptions(context.api, organiserId)),
  );
}

export function Component() {
  const organiserId = useParams().organiserId ?? '';
  const team = useAdminOrganiserTeam(organiserId);
  return (
    <AdminPage>
      <PageMeta
        title={team.data ? `${team.data.organisationName} — team` : 'Team'}
        description="An organiser’s members and roles."
        noIndex
      />
      <p>
        <Link
          to={`/admin/organisers/${organiserId}`}
          className="font-semibold text-indigo-700 text-sm underline underline-offset-2"
        >
          ← {team.data?.organisationName ?? 'Organiser'}
        </Link>
      </p>
      {statusOf(team.error) === 403 ? (
        <NotAllowed what="reviewing organisers" />
      ) : !team.data ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading…
        </p>
      ) : (
        <>
          <AdminHeader
            title={`${team.data.organisationName}: team`}
            intro="Who runs this organiser, and in which role. Removing someone ends their access at once."
          />
          <OrganiserTeamTable organiserId={organiserId} team={team.data} />
        </>
      )}
    </AdminPage>
  );
}
