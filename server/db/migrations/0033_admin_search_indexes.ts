import { type Kysely, sql } from 'kysely';

// Admin console (issue 20): the users list and the audit log searched fast at 200,000 users and 1,000,000 audit
// rows. Users: newest first by their own index; found by a prefix of the email, the first or last name or the
// full name (pattern indexes). Audit log: by object id, by the acting administrator, by a prefix of the action.
// Payouts: every organiser's, newest first.
const indexes = [
  ['users_created_idx', 'users (created_at desc, id desc)'],
  ['users_email_prefix_idx', 'users (lower(email) text_pattern_ops)'],
  ['users_first_name_prefix_idx', 'users (lower(first_name) text_pattern_ops)'],
  ['users_last_name_prefix_idx', 'users (lower(last_name) text_pattern_ops)'],
  ['users_full_name_prefix_idx', `users (lower(first_name || ' ' || last_name) text_pattern_ops)`],
  ['audit_log_subject_id_idx', 'audit_log (subject_id)'],
  ['audit_log_actor_idx', 'audit_log (actor_id, created_at desc)'],
  ['audit_log_action_prefix_idx', 'audit_log (action text_pattern_ops)'],
  ['payouts_created_idx', 'payouts (created_at desc, id desc)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, target] of indexes) await sql.raw(`create index ${name} on ${target}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of indexes) await sql.raw(`drop index ${name}`).execute(db);
}
