import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type KeysetPosition, keysetTime, pastPosition } from '../../db/keyset.ts';
import { auditColumns } from './admin-audit.repository.ts';

const selectUserList = (db: Executor) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'is_admin',
      'email_confirmed_at',
      'suspended_at',
      'suspension_reason',
      'created_at',
    ]);

export function findUserListRow(db: Executor, userId: string) {
  return selectUserList(db).where('id', '=', userId).executeTakeFirst();
}

/**
 * Users, newest first; `q` is the start of the email, of its domain (the part after the @, with or without the @),
 * of the first or last name, or of the full name. An @ inside `q` makes it the start of the email only. Each is a
 * prefix, so each reads its index (migrations 0033 and 0038).
 */
export function searchUsers(db: Executor, q: string | undefined, after: KeysetPosition | null, limit: number) {
  let query = selectUserList(db);
  if (q) {
    const text = q.toLowerCase();
    const prefix = `${escapeLike(text)}%`;
    const domain = sql`split_part(lower(email), '@', 2)`;
    query = query.where((eb) =>
      text.startsWith('@')
        ? eb(domain, 'like', `${escapeLike(text.slice(1))}%`)
        : text.includes('@')
          ? eb(eb.fn('lower', ['email']), 'like', prefix)
          : eb.or([
              eb(eb.fn('lower', ['email']), 'like', prefix),
              eb(domain, 'like', prefix),
              eb(eb.fn('lower', ['first_name']), 'like', prefix),
              eb(eb.fn('lower', ['last_name']), 'like', prefix),
              eb(sql`lower(first_name || ' ' || last_name)`, 'like', prefix),
            ]),
    );
  }
  if (after) query = query.where(pastPosition(['created_at', 'id'], '<', after));
  return query
    .select(keysetTime('created_at').as('position_at'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findUserForAdmin(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'is_admin', 'suspended_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findUserIdByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'is_admin'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/**
 * The audit trail, newest first; `q` is the actor's email (when it holds an @), else an action prefix or an object
 * id. Each reads its index (migration 0033).
 */
export function searchAudit(db: Executor, q: string | undefined, after: KeysetPosition | null, limit: number) {
  let query = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id').select(auditColumns);
  if (q) {
    const lowered = q.toLowerCase();
    query = query.where((eb) =>
      q.includes('@')
        ? eb('a.actor_id', 'in', eb.selectFrom('users').select('users.id').where(sql`lower(users.email)`, '=', lowered))
        : eb.or([eb('a.action', 'like', `${escapeLike(lowered)}%`), eb('a.subject_id', '=', q)]),
    );
  }
  if (after) query = query.where(pastPosition(['a.created_at', 'a.id'], '<', after));
  return query
    .select(keysetTime('a.created_at').as('position_at'))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Newest first unless `oldestFirst`; either way the keyset index serves it. */
export interface Sorted {
  oldestFirst?: boolean;
}
export const direction = (filter: Sorted) => (filter.oldestFirst ? ('asc' as const) : ('desc' as const));
export const beyond = (filter: Sorted) => (filter.oldestFirst ? ('>' as const) : ('<' as const));
