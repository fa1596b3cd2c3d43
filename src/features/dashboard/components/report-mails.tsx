import { type FormEvent, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { formatDateTime } from '#components/format/date-time.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { formatCount } from '#contract/count-text.ts';
import {
  newReportMailSchema,
  REPORT_MAIL_HOUR_UTC,
  type ReportMail,
  reportMailMaxRecipients,
  reportMailMaxRows,
  reportMailStoppedMessage,
} from '#contract/report-mails.ts';
import { type ReportKind, reportTitles } from '#contract/reports.ts';
import { useReportMailChange, useReportMails } from '../api/report-mails.ts';
import { EventOptions } from './event-options.tsx';

interface ReportMailsProps {
  organizationId: string;
  /** The reports this member may read, and so mail. */
  kinds: readonly ReportKind[];
  events: readonly { id: string; title: string }[];
}

const when = (at: string) => `${formatDateTime(at, { timeZone: 'UTC' })} UTC`;
const addresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

function ReportMailRow({ mail, organizationId }: { mail: ReportMail; organizationId: string }) {
  const [confirming, setConfirming] = useState(false);
  const change = useReportMailChange(organizationId);
  const title = reportTitles[mail.report].title;
  const cadence = mail.frequency === 'daily' ? 'Daily, for the day before' : 'Weekly on Mondays, for the week before';
  return (
    <li className="space-y-2 rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">
            {title} · {mail.eventTitle ?? 'All events'}
          </h3>
          <p className="text-slate-600 text-sm">
            {cadence} · {mail.format.toUpperCase()} · by {mail.dateBy === 'payment' ? 'payment date' : 'event date'}
            {mail.currency ? ` · ${mail.currency}` : ''}
          </p>
        </div>
        {confirming ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('danger', 'small')}
              disabled={change.isPending}
              onClick={() => change.mutate({ kind: 'stop', id: mail.id })}
            >
              Stop mailing
            </button>
            <button type="button" className={buttonClass('secondary', 'small')} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <button
            type="button"
            className={buttonClass('secondary', 'small')}
            aria-label={`Stop mailing ${title} to ${mail.recipients.join(', ')}`}
            onClick={() => setConfirming(true)}
          >
            Stop…
          </button>
        )}
      </div>
      <p className="break-words text-slate-700 text-sm">To {mail.recipients.join(', ')}</p>
      <p className="text-slate-600 text-sm">
        {mail.nextSendAt ? `Next: ${when(mail.nextSendAt)}` : reportMailStoppedMessage}
        {mail.lastSentAt ? ` · last sent ${when(mail.lastSentAt)}` : ''}
        {mail.lastOutcome === 'too_large' ? ' (as a link: too long to attach)' : ''}
        {` · set up by ${mail.createdBy}`}
      </p>
      {change.isError ? <FormAlert>It could not be stopped; try again.</FormAlert> : null}
    </li>
  );
}

function NewReportMailForm({ organizationId, kinds, events }: ReportMailsProps) {
  const form = useFormFields({
    report: kinds[0] ?? 'sales-by-day',
    eventId: '',
    dateBy: 'payment',
    frequency: 'weekly',
    format: 'csv',
    recipients: '',
  });
  const change = useReportMailChange(organizationId);
  const [added, setAdded] = useState<string | null>(null);
  const select = (name: 'report' | 'eventId' | 'dateBy' | 'frequency' | 'format') => {
    const binding = form.field(name);
    return { ...binding, onChange: (event: { target: { value: string } }) => binding.onChange(event as never) };
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setAdded(null);
    const { values } = form;
    const input = form.validateWith(newReportMailSchema, {
      ...values,
      eventId: values.eventId || undefined,
      recipients: addresses(values.recipients),
    });
    if (!input) return;
    change.mutate(
      { kind: 'add', input },
      {
        onSuccess: () => {
          form.setValues((current) => ({ ...current, recipients: '' }));
          setAdded(`${reportTitles[input.report].title} will be mailed to ${input.recipients.join(', ')}.`);
        },
        onError: (error) => form.showServerErrors(error),
      },
    );
  };
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4">
      {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="mail-report" label="Report" {...select('report')}>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {reportTitles[kind].title}
            </option>
          ))}
        </SelectField>
        <SelectField id="mail-event" label="Events" {...select('eventId')}>
          <EventOptions events={events} noneLabel="All events" />
        </SelectField>
        <SelectField
          id="mail-frequency"
          label="How often"
          hint="Daily mails cover the day before; weekly ones, on Mondays, the week before."
          {...select('frequency')}
        >
          <option value="daily">Daily</option>
          <option value="weekly">Weekly, on Mondays</option>
        </SelectField>
        <SelectField id="mail-date-by" label="Dates are" {...select('dateBy')}>
          <option value="payment">Payment dates</option>
          <option value="event">Event dates</option>
        </SelectField>
        <SelectField id="mail-format" label="File" {...select('format')}>
          <option value="csv">CSV</option>
          <option value="xlsx">XLSX (Excel)</option>
        </SelectField>
      </div>
      <TextareaField
        id="mail-recipients"
        label="Send to"
        rows={3}
        hint={`Up to ${reportMailMaxRecipients} email addresses, separated by commas or on lines of their own.`}
        {...form.field('recipients')}
        onChange={(event) => form.field('recipients').onChange(event as never)}
      />
      <SubmitButton busy={change.isPending} inline>
        Mail this report
      </SubmitButton>
      {added ? (
        <p role="status" className="text-emerald-700 text-sm">
          {added}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Reports mailed each morning or each Monday to addresses the member names (a co-producer, the accountant), as the
 * member's role sees them; the list, and a form to add one.
 */
export function ReportMails(props: ReportMailsProps) {
  const mails = useReportMails(props.organizationId);
  return (
    <section aria-labelledby="report-mails-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="report-mails-title" className="font-bold text-lg text-slate-900">
        Mailed reports
      </h2>
      <p className="mt-1 text-slate-600">
        A report by email at {String(REPORT_MAIL_HOUR_UTC).padStart(2, '0')}:00 UTC, for the day or week before, to your
        co-producers or your accountant. It shows what your role may see, and stops if you leave the team. Files hold up to{' '}
        {formatCount(reportMailMaxRows)} rows; a longer report is sent as a link.
      </p>
      {mails.data && mails.data.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Reports being mailed">
          {mails.data.map((mail) => (
            <ReportMailRow key={mail.id} mail={mail} organizationId={props.organizationId} />
          ))}
        </ul>
      ) : null}
      {mails.isError ? (
        <div className="mt-4">
          <FormAlert>The mailed reports could not be loaded.</FormAlert>
        </div>
      ) : null}
      <div className="mt-5 border-slate-200 border-t pt-5">
        <NewReportMailForm {...props} />
      </div>
    </section>
  );
}
