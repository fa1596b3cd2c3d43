import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPage, AuditPage } from '../../../contract/admin.ts';
import { type ApiCaller, useApiCaller } from '../../../lib/api-caller.tsx';
import { adminKeys } from '../../../lib/query-keys/admin.ts';

const params = (q: string, after: string | null) => ({ ...(q ? { q } : {}), ...(after ? { after } : {}) });

/** Keyset pages: each page names the cursor of the next. */
export const usersQueryOptions = (api: ApiCaller, q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam }) => api<AdminUserPage>({ url: '/admin/users', params: params(q, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const auditQueryOptions = (api: ApiCaller, q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(q),
    queryFn: ({ pageParam }) => api<AuditPage>({ url: '/admin/audit', params: params(q, pageParam) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const useAdminUsers = (q: string) => useInfiniteQuery(usersQueryOptions(useApiCaller(), q));
export const useAudit = (q: string, enabled: boolean) => useInfiniteQuery({ ...auditQueryOptions(useApiCaller(), q), enabled });

export function useSetSuspended() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspend, reason }: { userId: string; suspend: boolean; reason: string }) =>
      api<AdminUser>({
        method: 'POST',
        url: `/admin/users/${encodeURIComponent(userId)}/${suspend ? 'suspend' : 'reactivate'}`,
        data: { reason },
        silent: true,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.userLists() });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    },
  });
}
