import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReportKind, ReportQuery } from '../../contract/reports.ts';
import { downloadReport } from '../../features/dashboard/api/download-report.ts';
import { ReportForm } from '../../features/dashboard/components/report-form.tsx';
import { organizationEventsQueryOptions } from '../../features/organizer/api/get-organization-events.ts';
import { statusOf, useApiCaller } from '../../lib/api-caller.tsx';
import { fileErrorMessage } from '../../lib/download-file.ts';
import { useRouteSession } from '../../lib/session/session-context.tsx';
import { PageMeta } from '../page-meta.tsx';
import type { RouteContext } from '../routes.tsx';

/** The events (for choosing one) come with the page. */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async () => {
    const { organizationId } = session();
    if (organizationId) await queryClient.prefetchInfiniteQuery(organizationEventsQueryOptions(api, organizationId, ''));
    return null;
  };
}

export function Component() {
  const { organizationId } = useRouteSession();
  const api = useApiCaller();
  const events = useInfiniteQuery({
    ...organizationEventsQueryOptions(api, organizationId ?? '', ''),
    enabled: organizationId !== null,
  });
  const eventOptions = (events.data?.pages.flatMap((page) => page.items) ?? []).map(({ id, title }) => ({ id, title }));

  const download = async (kind: ReportKind, query: ReportQuery): Promise<string | null> => {
    if (!organizationId) return 'Sign in as a member of an organisation to download reports.';
    try {
      await downloadReport(organizationId, kind, query);
      return null;
    } catch (error) {
      if (statusOf(error) === 403) return 'Reports are for owners, managers and finance.';
      return (await fileErrorMessage(error)) ?? 'The report could not be downloaded. Please try again.';
    }
  };

  return (
    <div className="space-y-6">
      <PageMeta title="Reports" description="Reports of your sales, money and door as CSV files." noIndex />
      <header>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Reports</h1>
        <p className="mt-1 text-slate-600">CSV files for your accountant and your team, per event or for all of them.</p>
      </header>
      <ReportForm events={eventOptions} onDownload={download} />
      <section aria-labelledby="fees-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="fees-title" className="font-bold text-lg text-slate-900">
          Booking fees and card fees
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>Buyers pay your ticket price plus Admit’s booking fee, shown to them before they pay.</li>
          <li>
            The booking fee is Admit’s. Admit pays the card processing fees out of it, so no card fee is taken from your ticket
            money and none appears in these reports.
          </li>
          <li>What is yours is the ticket price of every ticket sold, less refunds. Refunds give back the booking fee too.</li>
          <li>Amounts in each currency stay apart: a file never adds pounds to euros.</li>
          <li>Test orders, paid in the payment sandbox, moved no money: they are left out of the money reports.</li>
        </ul>
      </section>
    </div>
  );
}
