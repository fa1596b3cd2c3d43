import { Link } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import type { GroupSummary } from '#contract/admin.ts';
import { accessQueryOptions } from '#features/admin/api/get-access.ts';
import { groupsQueryOptions, useGroups } from '#features/admin/api/groups.ts';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { CreateGroupForm } from '#features/admin/components/create-group-form.tsx';
import { statusOf } from '#lib/api-caller.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async () => {
    await Promise.all([queryClient.prefetchQuery(groupsQueryOptions(api)), queryClient.prefetchQuery(accessQueryOptions(api))]);
    return null;
  };
}

const columns: Column<GroupSummary>[] = [
  {
    id: 'name',
    header: 'Group',
    cell: (group) => (
      <Link to={`/admin/user-groups/${group.id}`} className={linkClass}>
        {group.name}
        {group.builtIn ? ' (built-in)' : ''}
      </Link>
    ),
  },
  { id: 'permissions', header: 'Permissions', cell: (group) => `${group.permissions.length}`, align: 'end' },
  { id: 'members', header: 'Members', cell: (group) => `${group.members}`, align: 'end' },
];

export function Component() {
  const groups = useGroups();
  if (statusOf(groups.error) === 403) {
    return (
      <AdminPage>
        <PageMeta title="User groups" description="Administrators’ groups and permissions." noIndex />
        <AdminHeader title="User groups" intro="What each group of administrators may do." />
        <NotAllowed what="managing user groups" />
      </AdminPage>
    );
  }
  return (
    <AdminPage>
      <PageMeta title="User groups" description="Administrators’ groups and permissions." noIndex />
      <AdminHeader
        title="User groups"
        intro="An administrator may do what any of their groups allows. Changes apply on their next request."
      />
      <DataTable
        caption="User groups"
        captionHidden
        columns={columns}
        rows={groups.data ?? []}
        rowKey={(group) => group.id}
        loading={groups.isPending}
        error={groups.isError ? 'The groups could not be loaded.' : null}
        onRetry={() => void groups.refetch()}
        empty="No groups yet."
      />
      <CreateGroupForm />
    </AdminPage>
  );
}
