import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewReportMail, ReportMail } from '#contract/report-mails.ts';
import { useApiCaller } from '#lib/api-caller.tsx';
import { dashboardKeys } from '#lib/query-keys/dashboard.ts';

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/report-mails`;

/** `GET /organizations/{organizationId}/report-mails`: the mailed reports the member may read. */
export function useReportMails(organizationId: string | null) {
  const api = useApiCaller();
  return useQuery({
    queryKey: dashboardKeys.reportMails(organizationId ?? ''),
    queryFn: async () => (await api<{ items: ReportMail[] }>({ url: base(organizationId ?? ''), silent: true })).items,
    enabled: organizationId !== null,
  });
}

type ReportMailChange = { kind: 'add'; input: NewReportMail } | { kind: 'stop'; id: string };

/** Sets up or stops a mailed report; each answer is the whole list as it now is. */
export function useReportMailChange(organizationId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ReportMailChange) => {
      const result =
        change.kind === 'add'
          ? await api<{ items: ReportMail[] }>({ method: 'POST', url: base(organizationId), data: change.input, silent: true })
          : await api<{ items: ReportMail[] }>({
              method: 'DELETE',
              url: `${base(organizationId)}/${encodeURIComponent(change.id)}`,
              silent: true,
            });
      return result.items;
    },
    onSuccess: (items) => queryClient.setQueryData(dashboardKeys.reportMails(organizationId), items),
  });
}
