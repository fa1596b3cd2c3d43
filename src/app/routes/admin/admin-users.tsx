import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import { ShowMore } from '#components/data-table/show-more.tsx';
import { emailSchema } from '#contract/users.ts';
import { accessQueryOptions, useAdminCan } from '#features/admin/api/get-access.ts';
import { adminUserQueryOptions, useAdminUser } from '#features/admin/api/get-user.ts';
import { useAdminUsers, usersQueryOptions } from '#features/admin/api/users.ts';
import { AdminHeader, AdminPage, AdminSearch, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { CsvDownload } from '#features/admin/components/csv-download.tsx';
import { UserDetail } from '#features/admin/components/user-detail.tsx';
import { UsersTable } from '#features/admin/components/users-table.tsx';
import { WaitingSignUp } from '#features/admin/components/waiting-sign-up.tsx';
import { statusOf } from '#lib/api-caller.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    const search = new URL(request.url).searchParams;
    const q = search.get('q')?.trim() ?? '';
    const userId = search.get('user');
    await Promise.all([
      queryClient.prefetchQuery(accessQueryOptions(api)),
      userId
        ? queryClient.prefetchQuery(adminUserQueryOptions(api, userId))
        : queryClient.prefetchInfiniteQuery(usersQueryOptions(api, q)),
    ]);
    return null;
  };
}

function UserView({ userId }: { userId: string }) {
  const detail = useAdminUser(userId);
  const can = useAdminCan();
  if (detail.isPending) return <p className="text-slate-600">Loading the account…</p>;
  if (detail.isError) {
    const status = statusOf(detail.error);
    return (
      <p role="alert" className="text-red-700">
        {status === 404 || status === 400
          ? 'That account was not found.'
          : status === 403
            ? 'Your groups do not allow reading users.'
            : 'The account could not be loaded.'}
      </p>
    );
  }
  const links = {
    orders: can('payments.read') || can('orders.refund'),
    organisers: can('organisers.review'),
    cases: can('cases.handle'),
  };
  return <UserDetail detail={detail.data} links={links} />;
}

export function Component() {
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('user');
  return userId ? (
    <AdminPage>
      <PageMeta title="Account" description="One account for support." noIndex />
      <Link to="/admin/users" className={linkClass}>
        ← All users
      </Link>
      <UserView userId={userId} />
    </AdminPage>
  ) : (
    <UsersList />
  );
}

function UsersList() {
  const [searchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const users = useAdminUsers(q);
  const can = useAdminCan();
  const forbidden = statusOf(users.error) === 403;
  const canResend = (text: string) => can('users.manage') && emailSchema.safeParse(text).success;

  return (
    <AdminPage>
      <PageMeta title="Users" description="Find and manage accounts." noIndex />
      <AdminHeader
        title="Users"
        intro="Find anyone by email or name; send a password reset or a new confirmation code; suspend an account that breaks the rules."
        actions={forbidden ? null : <CsvDownload list="users" filters={q ? { q } : {}} />}
      />
      {forbidden ? (
        <NotAllowed what="reading users" />
      ) : (
        <>
          <AdminSearch label="Search users" q={q} placeholder="Email address or name" />
          <UsersTable
            users={users.data?.pages.flatMap((page) => page.items) ?? []}
            loading={users.isPending}
            error={users.isError ? 'The users could not be loaded.' : null}
            onRetry={() => void users.refetch()}
            canManage={can('users.manage')}
          />
          {canResend(q) && users.isSuccess && users.data.pages[0]?.items.length === 0 ? (
            <WaitingSignUp key={q} email={q} />
          ) : null}
          <ShowMore hasMore={users.hasNextPage} loading={users.isFetchingNextPage} onMore={() => void users.fetchNextPage()} />
        </>
      )}
    </AdminPage>
  );
}
