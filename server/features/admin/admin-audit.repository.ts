import type { Executor } from '../../db/database.ts';

/** The audit entries about one object, oldest first. */
export function auditOf(db: Executor, subjectType: string, subjectId: string) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.created_at',
      'a.actor_id',
      'u.email as actor_email',
      'a.action',
      'a.subject_type',
      'a.subject_id',
      'a.details',
    ])
    .where('a.subject_type', '=', subjectType)
    .where('a.subject_id', '=', subjectId)
    .orderBy('a.created_at')
    .limit(200)
    .execute();
}
