import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { ReportMailOutcome } from '../../../src/contract/report-mails.ts';
import type { Executor } from '../../db/database.ts';
import type { Database, ReportMailsTable } from '../../db/types.ts';

type NewRow = Omit<ReportMailsTable, 'id' | 'created_at' | 'last_sent_at' | 'last_outcome' | 'next_send_at'> & {
  next_send_at: Date;
};

const listed = [
  'm.id',
  'm.organization_id',
  'm.created_by',
  'm.report',
  'm.event_id',
  'm.date_by',
  'm.currency',
  'm.format',
  'm.frequency',
  'm.recipients',
  'm.next_send_at',
  'm.last_sent_at',
  'm.last_outcome',
  'm.created_at',
] as const;

/** An organisation's mailed reports, oldest first, with the event's title and the author's email. */
export function reportMailsOf(db: Executor, organizationId: string) {
  return db
    .selectFrom('report_mails as m')
    .innerJoin('users as u', 'u.id', 'm.created_by')
    .leftJoin('events as e', 'e.id', 'm.event_id')
    .select([...listed, 'u.email as author_email', 'e.title as event_title'])
    .where('m.organization_id', '=', organizationId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
}
export type ReportMailRow = Awaited<ReturnType<typeof reportMailsOf>>[number];

/**
 * Adds a mailed report unless the organisation already has `max`. Run it in a transaction: the organisation's row
 * is locked first, so the count the insert checks (a statement of its own, seeing what committed meanwhile) cannot
 * be passed by two at once. Null when at the limit.
 */
export async function insertReportMail(trx: Transaction<Database>, row: NewRow, max: number): Promise<string | null> {
  await trx.selectFrom('organizations').select('id').where('id', '=', row.organization_id).forUpdate().execute();
  const { rows } = await sql<{ id: string }>`
    insert into report_mails
      (organization_id, created_by, report, event_id, date_by, currency, format, frequency, recipients, next_send_at)
    select ${row.organization_id}, ${row.created_by}, ${row.report}, ${row.event_id}, ${row.date_by}, ${row.currency},
           ${row.format}, ${row.frequency}, ${sql.val(row.recipients)}::text[], ${row.next_send_at}
     where (select count(*) from report_mails where organization_id = ${row.organization_id}) < ${max}
    returning id`.execute(trx);
  return rows[0]?.id ?? null;
}

export async function deleteReportMail(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('report_mails').where('id', '=', id).execute();
}

/**
 * Claims up to `limit` mailed reports due at `now`, locked (`skip locked`) until the caller's transaction ends, so
 * each is sent by one instance however many look at once.
 */
export function claimDueReportMails(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('report_mails')
    .selectAll()
    .where('next_send_at', 'is not', null)
    .where('next_send_at', '<=', now)
    .orderBy('next_send_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
export type DueReportMail = Awaited<ReturnType<typeof claimDueReportMails>>[number];

/** Records a sending and when the next is due. */
export async function markReportMailSent(
  db: Executor,
  id: string,
  outcome: Exclude<ReportMailOutcome, 'stopped'>,
  sentAt: Date,
  next: Date,
): Promise<void> {
  await db
    .updateTable('report_mails')
    .set({ last_outcome: outcome, last_sent_at: sentAt, next_send_at: next })
    .where('id', '=', id)
    .execute();
}

/** Sends no more (see `reportMailStoppedMessage`); it stays listed until removed. */
export async function stopReportMail(db: Executor, id: string): Promise<void> {
  await db.updateTable('report_mails').set({ last_outcome: 'stopped', next_send_at: null }).where('id', '=', id).execute();
}
