import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { Spinner } from '../../components/submit-button.tsx';
import { isUuid } from '../../contract/ids.ts';
import { accessQueryOptions } from '../../features/admin/api/get-access.ts';
import { organiserTeamQueryOptions, useAdminOrganiserTeam } from '../../features/admin/api/organisers.ts';
import { AdminHeader, AdminPage, NotAllowed } from '../../features/admin/components/admin-page.tsx';
import { OrganiserTeamTable } from '../../features/admin/components/organiser-team-table.tsx';
import { ApiCallError, statusOf } from '../../lib/api-caller.tsx';
import { notFound } from '../not-found-response.ts';
import { PageMeta } from '../page-meta.tsx';
import type { RouteContext } from '../route-context.ts';

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ params }: LoaderFunctionArgs) => {
    const organiserId = params.organiserId ?? '';
    if (!isUuid(organiserId)) throw notFound();
    // The admin layout lists the pages the caller's groups allow, from these permissions.
    await queryClient.prefetchQuery(accessQueryOptions(api));
    try {
      await queryClient.fetchQuery(organiserTeamQueryOptions(api, organiserId));
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 404) throw notFound();
    }
    return null;
  };
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
