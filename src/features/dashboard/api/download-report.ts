import type { ReportFormat, ReportKind, ReportQuery } from '#contract/reports.ts';
import { downloadApiFile } from '#lib/download-file.ts';

const accepts: Record<ReportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `GET /organizations/{organizationId}/reports/{report}`: the report as a CSV file or an XLSX workbook. */
export function downloadReport(
  organizationId: string,
  kind: ReportKind,
  query: ReportQuery,
  format: ReportFormat,
): Promise<void> {
  return downloadApiFile(
    {
      url: `/organizations/${encodeURIComponent(organizationId)}/reports/${kind}`,
      params: { ...query, format },
      headers: { Accept: accepts[format] },
      silent: true,
    },
    `${kind}-${query.from}-to-${query.to}.${format}`,
    `.${format}`,
  );
}
