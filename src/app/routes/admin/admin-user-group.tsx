import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import { isUuid } from '#contract/ids.ts';
import { accessQueryOptions } from '#features/admin/api/get-access.ts';
import { groupQueryOptions, useGroup } from '#features/admin/api/groups.ts';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { GroupMembers } from '#features/admin/components/group-members.tsx';
import { GroupSettings } from '#features/admin/components/group-settings.tsx';
import { statusOf } from '#lib/api-caller.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ params }: { params: { groupId?: string } }) => {
    await Promise.all([
      queryClient.prefetchQuery(accessQueryOptions(api)),
      params.groupId && isUuid(params.groupId) ? queryClient.prefetchQuery(groupQueryOptions(api, params.groupId)) : null,
    ]);
    return null;
  };
}

export function Component() {
  const { groupId = '' } = useParams();
  const group = useGroup(groupId);
  const status = statusOf(group.error);
  let body: ReactNode;
  if (group.data) {
    body = (
      <div className="grid gap-6 xl:grid-cols-2">
        <GroupSettings key={group.data.id} group={group.data} />
        <GroupMembers group={group.data} />
      </div>
    );
  } else if (status === 403) {
    body = <NotAllowed what="managing user groups" />;
  } else if (group.isError) {
    body = (
      <p role="alert" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
        {status === 404 || status === 400 ? 'This group does not exist.' : 'The group could not be loaded.'}
      </p>
    );
  } else {
    body = <p role="status">Loading…</p>;
  }
  return (
    <AdminPage>
      <PageMeta title={group.data ? `${group.data.name} · User groups` : 'User group'} description="A user group." noIndex />
      <p>
        <Link to="/admin/user-groups" className={linkClass}>
          ← All user groups
        </Link>
      </p>
      <AdminHeader title={group.data?.name ?? 'User group'} intro="Its permissions and the administrators in it." />
      {body}
    </AdminPage>
  );
}
