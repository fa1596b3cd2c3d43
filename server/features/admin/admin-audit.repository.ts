import type { Executor } from '../../db/database.ts';

/** What an audit entry shows, with its actor's email (`a` the log, `u` the actor). */
export const auditColumns = [
  'a.id',
  'a.created_at',
  'a.actor_id',
  'u.email as actor_email',
  'a.action',
  'a.subject_type',
  'a.subject_id',
  'a.details',
] as const;

/** The audit entries about one object, oldest first. */
export function auditOf(db: Executor, subjectType: string, subjectId: string) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(auditColumns)
    .where('a.subject_type', '=', subjectType)
    .where('a.subject_id', '=', subjectId)
    .orderBy('a.created_at')
    .limit(200)
    .execute();
}
