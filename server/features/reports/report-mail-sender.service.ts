import { sql } from 'kysely';
import { can } from '../../../src/contract/permissions.ts';
import { nextReportMailAt, reportMailMaxRows, reportMailPeriod } from '../../../src/contract/report-mails.ts';
import { type ReportQuery, reportPermission } from '../../../src/contract/reports.ts';
import type { Db, Executor } from '../../db/database.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { repeatEvery } from '../../lib/repeat-every.ts';
import { xlsxContentType } from '../../lib/xlsx-workbook.ts';
import { memberRoleOf } from '../organizations/organizations.service.ts';
import { columnsFor } from './report-layouts.ts';
import { reportMailContent } from './report-mail-content.ts';
import { claimDueReportMails, type DueReportMail, markReportMailSent, stopReportMail } from './report-mails.repository.ts';
import { countReportRows } from './reports.repository.ts';
import { reportBytes, reportFileName } from './reports.service.ts';

export interface ReportMailLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Mailed reports sent per run at most: a backlog is worked off over a few runs. */
const perRun = 50;

async function names(db: Executor, due: DueReportMail) {
  const { rows } = await sql<{ organization: string; event: string | null; author: string }>`
    select o.name as organization, e.title as event, u.email as author
      from organizations o
      join users u on u.id = ${due.created_by}
      left join events e on e.id = ${due.event_id}
     where o.id = ${due.organization_id}`.execute(db);
  return rows[0];
}

/**
 * Sends one due report to each of its addresses, as the role of its author sees it now; stops it when the author
 * may no longer read it. The mails are queued in the transaction that moves the report to its next sending.
 */
async function sendOne(
  trx: Executor,
  due: DueReportMail,
  origin: string,
  now: Date,
  maxRows: number,
): Promise<'sent' | 'too_large' | 'stopped'> {
  const role = await memberRoleOf(trx, due.organization_id, due.created_by);
  const named = await names(trx, due);
  if (!named || !can(role, reportPermission[due.report])) {
    await stopReportMail(trx, due.id);
    return 'stopped';
  }
  const query: ReportQuery = {
    ...reportMailPeriod(due.frequency, now),
    dateBy: due.date_by,
    ...(due.event_id ? { eventId: due.event_id } : {}),
    ...(due.currency ? { currency: due.currency } : {}),
  };
  const scope = { organizationId: due.organization_id, query };
  const total = await countReportRows(trx, due.report, scope);
  const fileName = reportFileName(due.report, { ...query, format: due.format });
  const params = new URLSearchParams({ report: due.report, dateBy: query.dateBy, from: query.from, to: query.to });
  if (due.event_id) params.set('eventId', due.event_id);
  if (due.currency) params.set('currency', due.currency);
  const fits = total <= maxRows;
  const content = reportMailContent({
    kind: due.report,
    organizationName: named.organization,
    eventTitle: named.event,
    frequency: due.frequency,
    from: query.from,
    to: query.to,
    author: named.author,
    rows: fits ? total : null,
    maxRows,
    fileName,
    link: `${origin}/organizer/reports?${params}`,
  });
  const attachments = fits
    ? [
        {
          filename: fileName,
          contentType: due.format === 'xlsx' ? xlsxContentType : 'text/csv; charset=utf-8',
          content: await reportBytes(trx, due.report, scope, columnsFor(due.report, can(role, 'money.read')), total, due.format),
        },
      ]
    : [];
  for (const to of due.recipients) await enqueueMail(trx, { to, ...content, attachments });
  const outcome = fits ? 'sent' : 'too_large';
  await markReportMailSent(trx, due.id, outcome, now, nextReportMailAt(due.frequency, now));
  return outcome;
}

/**
 * Sends every mailed report due at `now`. Each is claimed in a transaction of its own (locked, `skip locked`), so
 * every instance may run this at once and each report goes out once per period.
 */
export async function sendDueReportMails(
  db: Db,
  origin: string,
  now = new Date(),
  { maxRows = reportMailMaxRows }: { maxRows?: number } = {},
): Promise<number> {
  let sent = 0;
  for (let index = 0; index < perRun; index += 1) {
    const done = await db.transaction().execute(async (trx) => {
      const [due] = await claimDueReportMails(trx, now, 1);
      if (!due) return false;
      await sendOne(trx, due, origin, now, maxRows);
      return true;
    });
    if (!done) break;
    sent += 1;
  }
  return sent;
}

/** Mailed reports, every `everyMs` (a minute), on every instance. */
export function startReportMails(db: Db, origin: string, log: ReportMailLog, everyMs = 60_000): () => Promise<void> {
  const work = async () => {
    const sent = await sendDueReportMails(db, origin);
    if (sent > 0) log.info({ reports: sent }, 'reports mailed');
  };
  return repeatEvery(everyMs, work, (error) => log.warn({ err: error }, 'mailing reports failed'));
}
