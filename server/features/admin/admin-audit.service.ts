import type { AuditEntry } from '../../../src/contract/admin.ts';
import { orderReferenceOf } from '../../../src/contract/orders.ts';
import type { Executor } from '../../db/database.ts';
import { auditOf } from './admin-audit.repository.ts';

// What the administrators' order, ticket and account pages share: instants as ISO text, a typed reference, and the
// audit trail of what they show.

export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A reference as typed (any case, with or without its dash) as stored; other text as it is, in capitals. */
export const typedReference = (text: string) => orderReferenceOf(text) ?? text.trim().toUpperCase();

type AuditRow = Awaited<ReturnType<typeof auditOf>>[number];

/** An audit row as the admin pages show it. */
export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: iso(row.created_at),
  actorId: row.actor_id,
  actorEmail: row.actor_email,
  action: row.action,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  details: row.details,
});

/** The audit trail of one object, oldest first. */
export async function auditEntries(db: Executor, subjectType: string, subjectId: string): Promise<AuditEntry[]> {
  return (await auditOf(db, subjectType, subjectId)).map(toAuditEntry);
}
