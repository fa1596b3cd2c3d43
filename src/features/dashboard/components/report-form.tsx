import { type FormEvent, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { Spinner, SubmitButton } from '#components/submit-button.tsx';
import { formatCount } from '#contract/count-text.ts';
import {
  type ReportFormat,
  type ReportKind,
  type ReportQuery,
  reportMaxDays,
  reportMaxRows,
  reportQuerySchema,
  reportTitles,
  workbookMaxRows,
} from '#contract/reports.ts';
import { EventOptions } from './event-options.tsx';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The form's fields as typed (the address holds the same names). */
export interface ReportFormValues {
  kind: ReportKind;
  eventId: string;
  dateBy: string;
  from: string;
  to: string;
  currency: string;
}

/** The last 30 days of payments, every event and currency. */
export const defaultReportValues = (): ReportFormValues => ({
  kind: 'revenue-summary',
  eventId: '',
  dateBy: 'payment',
  from: isoDay(new Date(Date.now() - 29 * 86_400_000)),
  to: isoDay(new Date()),
  currency: '',
});

interface ReportFormProps {
  events: readonly { id: string; title: string }[];
  /** The reports this member may open (money reports are for owners and finance). */
  kinds: readonly ReportKind[];
  initial: ReportFormValues;
  /** Shows the report on the page. */
  onShow(values: ReportFormValues): void;
  onDownload(kind: ReportKind, query: ReportQuery, format: ReportFormat): Promise<string | null>;
}

/** Chooses a report, its events and dates; the same rules as the server's, checked before anything is asked. */
export function ReportForm({ events, kinds, initial, onShow, onDownload }: ReportFormProps) {
  const [values, setValues] = useState(initial);
  const kind = values.kind;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** The file being prepared, if any. */
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  // A field's message goes once the field is changed; the next action checks it again.
  const set = (name: keyof ReportFormValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const checked = () => {
    setFailure(null);
    const parsed = reportQuerySchema.safeParse({
      ...values,
      eventId: values.eventId || undefined,
      currency: values.currency.trim().toUpperCase() || undefined,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return null;
    }
    setErrors({});
    return parsed.data;
  };

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (checked()) onShow({ ...values, currency: values.currency.trim().toUpperCase() });
  };

  const download = async (format: ReportFormat) => {
    const query = checked();
    if (!query) return;
    setBusy(format);
    try {
      setFailure(await onDownload(kind, query, format));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={show} noValidate className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <fieldset>
        <legend className="font-bold text-lg text-slate-900">Report</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {kinds.map((option) => (
            <label
              key={option}
              className={`flex min-h-11 cursor-pointer gap-3 rounded-xl p-3 ring-1 ${kind === option ? 'bg-indigo-50 ring-indigo-400' : 'ring-slate-200'}`}
            >
              <input
                type="radio"
                name="report"
                value={option}
                checked={kind === option}
                onChange={() => setValues((current) => ({ ...current, kind: option }))}
                className="mt-1"
              />
              <span>
                <span className="block font-semibold text-slate-900">{reportTitles[option].title}</span>
                <span className="block text-slate-600 text-sm">{reportTitles[option].text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="eventId" label="Events" value={values.eventId} onChange={set('eventId')} error={errors.eventId}>
          <EventOptions events={events} noneLabel="All events" />
        </SelectField>
        <SelectField
          name="dateBy"
          label="Dates are"
          value={values.dateBy}
          onChange={set('dateBy')}
          hint={
            kind === 'checkins'
              ? 'The check-in summary always goes by the event’s date.'
              : kind === 'sales-by-day'
                ? 'Each row is a day of payment; event dates choose which events count.'
                : undefined
          }
        >
          <option value="payment">Payment dates</option>
          <option value="event">Event dates</option>
        </SelectField>
        <TextField type="date" name="from" label="From" value={values.from} onChange={set('from')} error={errors.from} />
        <TextField type="date" name="to" label="To (included)" value={values.to} onChange={set('to')} error={errors.to} />
        <TextField
          name="currency"
          label="Currency (optional)"
          value={values.currency}
          onChange={set('currency')}
          error={errors.currency}
          hint="Three letters, e.g. GBP. Empty: every currency, each on its own rows."
          maxLength={3}
          autoCapitalize="characters"
        />
      </div>
      <p className="text-slate-600 text-sm">
        One file covers at most {reportMaxDays} days and {formatCount(reportMaxRows)} rows ({formatCount(workbookMaxRows)} in an
        XLSX workbook). Dates and times are in UTC. In the CSV, cells that a spreadsheet would read as a formula start with an
        apostrophe, so they stay text; the XLSX workbook holds every cell as text or a number, never a formula.
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton busy={false} inline>
          Show report
        </SubmitButton>
        {(['csv', 'xlsx'] as const).map((format) => (
          <button
            key={format}
            type="button"
            onClick={() => void download(format)}
            disabled={busy !== null}
            aria-busy={busy === format}
            className={`${buttonClass('secondary')} w-full sm:w-auto`}
          >
            {busy === format ? <Spinner /> : null}
            <span>{busy === format ? `Preparing ${format.toUpperCase()}…` : `Download ${format.toUpperCase()}`}</span>
          </button>
        ))}
      </div>
    </form>
  );
}
