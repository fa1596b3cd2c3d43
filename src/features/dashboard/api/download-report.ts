import type { ReportKind, ReportQuery } from '../../../contract/reports.ts';
import { downloadApiFile } from '../../../lib/download-file.ts';

/** `GET /organizations/{organizationId}/reports/{report}`: the report as a CSV file. */
export function downloadReport(organizationId: string, kind: ReportKind, query: ReportQuery): Promise<void> {
  return downloadApiFile(
    {
      url: `/organizations/${encodeURIComponent(organizationId)}/reports/${kind}`,
      params: query,
      headers: { Accept: 'text/csv' },
      silent: true,
    },
    `${kind}-${query.from}-to-${query.to}.csv`,
  );
}
