import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { createOrganiserEventsLoader } from '#app/loaders/organiser-events-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { can } from '#contract/permissions.ts';
import {
  type ReportFormat,
  type ReportKind,
  type ReportQuery,
  reportKindSchema,
  reportPageQuerySchema,
  reportPermission,
  reportTitles,
} from '#contract/reports.ts';
import { downloadReport } from '#features/dashboard/api/download-report.ts';
import { useReportPage } from '#features/dashboard/api/get-report-page.ts';
import { EventOptions } from '#features/dashboard/components/event-options.tsx';
import { defaultReportValues, ReportForm, type ReportFormValues } from '#features/dashboard/components/report-form.tsx';
import { ReportMails } from '#features/dashboard/components/report-mails.tsx';
import { ReportTable } from '#features/dashboard/components/report-table.tsx';
import { organizationEventsQueryOptions } from '#features/organizer/api/get-organization-events.ts';
import { statusOf, useApiCaller } from '#lib/api-caller.tsx';
import { fileErrorMessage } from '#lib/download-file.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useSession } from '#lib/session/use-session.ts';

export const createLoader = createOrganiserEventsLoader;

const fields = ['eventId', 'dateBy', 'from', 'to', 'currency'] as const;

/** The report the address asks for (`?report=…&from=…`), checked as the server checks it; null when none or invalid. */
function shownReport(params: URLSearchParams) {
  const kind = reportKindSchema.safeParse(params.get('report'));
  if (!kind.success) return null;
  const query = reportPageQuerySchema.safeParse(
    Object.fromEntries(['page', ...fields].flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : []))),
  );
  return query.success ? { kind: kind.data, query: query.data } : null;
}

const addressOf = (values: ReportFormValues, page = 1) => {
  const params = new URLSearchParams({ report: values.kind });
  for (const name of fields) if (values[name]) params.set(name, values[name]);
  if (page > 1) params.set('page', String(page));
  return `?${params}`;
};

async function download(
  organizationId: string | null,
  kind: ReportKind,
  query: ReportQuery,
  format: ReportFormat,
): Promise<string | null> {
  if (!organizationId) return 'Sign in as a member of an organisation to download reports.';
  try {
    await downloadReport(organizationId, kind, query, format);
    return null;
  } catch (error) {
    if (statusOf(error) === 403) return 'This report is not open to your role.';
    return (await fileErrorMessage(error)) ?? 'The report could not be downloaded. Please try again.';
  }
}

function DoorListPicker({ events }: { events: readonly { id: string; title: string }[] }) {
  const [eventId, setEventId] = useState('');
  return (
    <section aria-labelledby="door-list-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="door-list-title" className="font-bold text-lg text-slate-900">
        Door list
      </h2>
      <p className="mt-1 text-slate-600">
        The event’s attendees by surname on paper, with a box to tick: for the door when phones or the network fail.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:min-w-72">
          <SelectField name="doorListEvent" label="Event" value={eventId} onChange={(event) => setEventId(event.target.value)}>
            <EventOptions events={events} noneLabel="Choose an event" />
          </SelectField>
        </div>
        {eventId ? (
          <Link to={`/organizer/events/${eventId}/door-list`} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            Open door list
          </Link>
        ) : null}
      </div>
    </section>
  );
}

export function Component() {
  const { organizationId } = useRouteSession();
  const { user } = useSession();
  const role = user?.organizationRole ?? null;
  const api = useApiCaller();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const events = useInfiniteQuery({
    ...organizationEventsQueryOptions(api, organizationId ?? '', ''),
    enabled: organizationId !== null,
  });
  const eventOptions = (events.data?.pages.flatMap((page) => page.items) ?? []).map(({ id, title }) => ({ id, title }));
  const kinds = reportKindSchema.options.filter((kind) => !role || can(role, reportPermission[kind]));
  const shown = shownReport(params);
  const initial: ReportFormValues = shown
    ? {
        ...defaultReportValues(),
        ...shown.query,
        kind: shown.kind,
        eventId: shown.query.eventId ?? '',
        currency: shown.query.currency ?? '',
      }
    : { ...defaultReportValues(), kind: kinds[0] ?? 'sales-by-day' };
  const report = useReportPage(organizationId, shown?.kind ?? 'sales-by-day', shown?.query ?? null);
  // After "Show report" the table comes into view (on a phone it is below the long form).
  const reportShown = useRef(false);
  const reportSection = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!reportShown.current || !report.data) return;
    reportShown.current = false;
    reportSection.current?.scrollIntoView({ block: 'start' });
    reportSection.current?.focus({ preventScroll: true });
  }, [report.data]);
  const refusal = statusOf(report.error) === 403 ? 'This report is not open to your role.' : null;

  return (
    <div className="space-y-6">
      <PageMeta title="Reports" description="Reports of your sales, money and door, on screen and as CSV files." noIndex />
      <header>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Reports</h1>
        <p className="mt-1 text-slate-600">
          On screen, or as CSV or XLSX files for your accountant and your team, per event or for all of them.
        </p>
      </header>
      {kinds.length > 0 ? (
        <ReportForm
          key={params.toString()}
          events={eventOptions}
          kinds={kinds}
          initial={initial}
          onShow={(values) => {
            reportShown.current = true;
            // The form stays where it is; the report is brought into view once it is read.
            void navigate(addressOf(values), { preventScrollReset: true });
          }}
          onDownload={(kind, query, format) => download(organizationId, kind, query, format)}
        />
      ) : (
        <p className="rounded-2xl bg-white p-4 text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-6">
          Sales, money and attendee reports are for owners, managers and finance. Door staff can open the door list below.
        </p>
      )}
      {shown && kinds.length > 0 ? (
        <section aria-label="Report" ref={reportSection} tabIndex={-1} className="scroll-mt-4 outline-none">
          <ReportTable
            title={reportTitles[shown.kind].title}
            page={report.data}
            loading={report.isPending}
            error={report.error ? (refusal ?? 'The report could not be loaded.') : null}
            onRetry={() => void report.refetch()}
            pageHref={(page) => addressOf(initial, page)}
          />
        </section>
      ) : null}
      {organizationId && kinds.length > 0 && role ? (
        <ReportMails organizationId={organizationId} kinds={kinds} events={eventOptions} />
      ) : null}
      {can(role, 'checkin.scan') ? <DoorListPicker events={eventOptions} /> : null}
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
          <li>Amounts in each currency stay apart: a report never adds pounds to euros.</li>
          <li>Test orders, paid in the payment sandbox, moved no money: they are left out of the money reports.</li>
          <li>Revenue and every transaction are for owners and finance; managers see sales without amounts.</li>
        </ul>
      </section>
    </div>
  );
}
