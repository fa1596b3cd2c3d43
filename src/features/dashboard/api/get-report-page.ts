import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportKind, ReportPage, ReportPageQuery } from '#contract/reports.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { dashboardKeys } from '#lib/query-keys/dashboard.ts';

/** `GET /organizations/{organizationId}/reports/{report}/rows`. Silent: the page says why a report cannot be shown. */
export const getReportPage = (api: ApiCaller, organizationId: string, kind: ReportKind, query: ReportPageQuery) =>
  api<ReportPage>({
    url: `/organizations/${encodeURIComponent(organizationId)}/reports/${kind}/rows`,
    params: query,
    silent: true,
  });

export const reportPageQueryOptions = (api: ApiCaller, organizationId: string, kind: ReportKind, query: ReportPageQuery) =>
  queryOptions({
    queryKey: dashboardKeys.report(organizationId, kind, query),
    queryFn: () => getReportPage(api, organizationId, kind, query),
  });

/** The page asked for; the previous one stays on screen while the next loads. */
export function useReportPage(organizationId: string | null, kind: ReportKind, query: ReportPageQuery | null) {
  const api = useApiCaller();
  return useQuery({
    ...reportPageQueryOptions(api, organizationId ?? '', kind, query ?? ({} as ReportPageQuery)),
    enabled: organizationId !== null && query !== null,
    placeholderData: keepPreviousData,
  });
}
