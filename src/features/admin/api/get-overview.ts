import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformOverview } from '#contract/admin.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

export const overviewQueryOptions = (api: ApiCaller) =>
  queryOptions({ queryKey: adminKeys.overview(), queryFn: () => api<PlatformOverview>({ url: '/admin/overview' }) });

export const useOverview = (enabled: boolean) => useQuery({ ...overviewQueryOptions(useApiCaller()), enabled });
