import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPage, AuditPage, MailSent } from '#contract/admin.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

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

/** Mails the account the forgotten-password code; recorded in the audit log. */
export function useSendPasswordReset() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<MailSent>({ method: 'POST', url: `/admin/users/${encodeURIComponent(userId)}/password-reset`, silent: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] }),
  });
}

/** Mails a new confirmation code to a sign-up that waits for one; recorded in the audit log. */
export function useResendConfirmation() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api<MailSent>({ method: 'POST', url: '/admin/users/resend-confirmation', data: { email }, silent: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] }),
  });
}
