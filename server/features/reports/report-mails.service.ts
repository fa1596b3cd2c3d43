import { can } from '../../../src/contract/permissions.ts';
import {
  type NewReportMail,
  nextReportMailAt,
  type ReportMail,
  reportMailsPerOrganization,
} from '../../../src/contract/report-mails.ts';
import { reportPermission } from '../../../src/contract/reports.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { organizationOfEvent, requirePermission } from '../organizations/organizations.service.ts';
import { deleteReportMail, insertReportMail, type ReportMailRow, reportMailsOf } from './report-mails.repository.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toReportMail = (row: ReportMailRow): ReportMail => ({
  id: row.id,
  report: row.report,
  eventId: row.event_id,
  eventTitle: row.event_title,
  dateBy: row.date_by,
  currency: row.currency,
  format: row.format,
  frequency: row.frequency,
  recipients: row.recipients,
  createdBy: row.author_email,
  createdAt: new Date(row.created_at).toISOString(),
  nextSendAt: iso(row.next_send_at),
  lastSentAt: iso(row.last_sent_at),
  lastOutcome: row.last_outcome,
});

/** The organisation's mailed reports of the kinds the caller may read (order readers: owners, managers, finance). */
export async function listReportMails(db: Db, userId: string, organizationId: string): Promise<ReportMail[]> {
  const role = await requirePermission(db, organizationId, userId, 'orders.read');
  const rows = await reportMailsOf(db, organizationId);
  return rows.filter((row) => can(role, reportPermission[row.report])).map(toReportMail);
}

/**
 * Sets up a mailed report; answers with the organisation's list. The caller must be able to read the report (each mail shows what they may see, checked
 * again at every sending); an event must be the organisation's. At most `reportMailsPerOrganization` per
 * organisation (409 beyond). Recorded in the audit trail, with the addresses.
 */
export async function createReportMail(
  db: Db,
  userId: string,
  organizationId: string,
  input: NewReportMail,
  now = new Date(),
): Promise<ReportMail[]> {
  await requirePermission(db, organizationId, userId, reportPermission[input.report]);
  if (input.eventId && (await organizationOfEvent(db, input.eventId)) !== organizationId) throw notFound('That event');
  await db.transaction().execute(async (trx) => {
    const created = await insertReportMail(
      trx,
      {
        organization_id: organizationId,
        created_by: userId,
        report: input.report,
        event_id: input.eventId ?? null,
        date_by: input.dateBy,
        currency: input.currency ?? null,
        format: input.format,
        frequency: input.frequency,
        recipients: input.recipients,
        next_send_at: nextReportMailAt(input.frequency, now),
      },
      reportMailsPerOrganization,
    );
    if (!created) {
      throw new HttpError(
        'CONFLICT',
        `An organisation can mail at most ${reportMailsPerOrganization} reports. Stop one before adding another.`,
      );
    }
    await recordAudit(trx, {
      actorId: userId,
      action: 'report_mail.created',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { reportMailId: created, report: input.report, frequency: input.frequency, recipients: input.recipients },
    });
  });
  return listReportMails(db, userId, organizationId);
}

/** Stops a mailed report: its author, or a member who manages the team (owners, managers) and may read it. */
export async function removeReportMail(
  db: Db,
  userId: string,
  organizationId: string,
  reportMailId: string,
): Promise<ReportMail[]> {
  const role = await requirePermission(db, organizationId, userId, 'orders.read');
  const row = (await reportMailsOf(db, organizationId)).find((item) => item.id === reportMailId);
  if (!row || !can(role, reportPermission[row.report])) throw notFound('That mailed report');
  if (row.created_by !== userId && !can(role, 'team.manage')) {
    throw new HttpError('FORBIDDEN', 'Only the person who set up this mail, an owner or a manager can stop it.');
  }
  await db.transaction().execute(async (trx) => {
    await deleteReportMail(trx, row.id);
    await recordAudit(trx, {
      actorId: userId,
      action: 'report_mail.stopped',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { reportMailId: row.id, report: row.report },
    });
  });
  return listReportMails(db, userId, organizationId);
}
