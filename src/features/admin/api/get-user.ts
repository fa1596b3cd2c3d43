import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '#contract/admin-user-detail.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

export const adminUserQueryOptions = (api: ApiCaller, userId: string) =>
  queryOptions({
    queryKey: adminKeys.user(userId),
    queryFn: () => api<AdminUserDetail>({ url: `/admin/users/${encodeURIComponent(userId)}`, silent: true }),
  });

export const useAdminUser = (userId: string) => useQuery(adminUserQueryOptions(useApiCaller(), userId));
