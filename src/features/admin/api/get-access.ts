import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAccess, AdminPermission } from '#contract/admin.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

export const accessQueryOptions = (api: ApiCaller) =>
  queryOptions({ queryKey: adminKeys.access(), queryFn: () => api<AdminAccess>({ url: '/admin/access' }) });

/** Whether the caller's groups grant `permission`: pages hide what they cannot do (the server refuses it anyway). */
export function useAdminCan() {
  const api = useApiCaller();
  const access = useQuery(accessQueryOptions(api));
  const permissions = access.data?.permissions ?? [];
  return (permission: AdminPermission) => permissions.includes(permission);
}
