import { sql, type Transaction } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import type { Database, HelpCaseStateRow } from '../../db/types.ts';

export interface NewCase {
  reference: string;
  user_id: string | null;
  email: string;
  name: string;
  category_slug: string;
  subject: string;
  state: HelpCaseStateRow;
  order_id: string | null;
  event_id: string | null;
  first_reply_hours: number;
}

export async function insertCase(trx: Transaction<Database>, values: NewCase): Promise<string> {
  const { first_reply_hours, ...rest } = values;
  const row = await trx
    .insertInto('help_cases')
    .values({ ...rest, first_reply_due_at: sql<Date>`now() + ${first_reply_hours} * interval '1 hour'` as unknown as Date })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMessage(
  trx: Executor,
  values: { case_id: string; author: 'customer' | 'agent'; author_user_id: string | null; body: string; internal: boolean },
): Promise<void> {
  await trx.insertInto('help_case_messages').values(values).execute();
}

export async function insertHistory(
  trx: Executor,
  values: {
    case_id: string;
    actor: 'customer' | 'agent' | 'system';
    actor_user_id: string | null;
    action: string;
    detail?: string;
  },
): Promise<void> {
  await trx.insertInto('help_case_history').values(values).execute();
}

export function findCase(db: Executor, id: string) {
  return db
    .selectFrom('help_cases')
    .innerJoin('help_categories', 'help_categories.slug', 'help_cases.category_slug')
    .selectAll('help_cases')
    .select(['help_categories.title as category_title'])
    .where('help_cases.id', '=', id)
    .executeTakeFirst();
}
export type CaseRow = NonNullable<Awaited<ReturnType<typeof findCase>>>;

export function lockCase(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('help_cases').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findCaseByReference(db: Executor, reference: string) {
  return db.selectFrom('help_cases').select(['id', 'email', 'state']).where('reference', '=', reference).executeTakeFirst();
}

export function referenceTaken(db: Executor, reference: string) {
  return db.selectFrom('help_cases').select('id').where('reference', '=', reference).executeTakeFirst();
}

/** The thread, oldest first; internal notes only when asked for (agents). */
export function caseMessages(db: Executor, caseId: string, withInternal: boolean) {
  let query = db
    .selectFrom('help_case_messages')
    .leftJoin('users', 'users.id', 'help_case_messages.author_user_id')
    .select([
      'help_case_messages.id',
      'help_case_messages.author',
      'help_case_messages.body',
      'help_case_messages.internal',
      'help_case_messages.created_at',
      'users.first_name',
      'users.last_name',
    ])
    .where('help_case_messages.case_id', '=', caseId)
    .orderBy('help_case_messages.created_at')
    .orderBy('help_case_messages.id');
  if (!withInternal) query = query.where('help_case_messages.internal', '=', false);
  return query.execute();
}

export function caseHistory(db: Executor, caseId: string) {
  return db
    .selectFrom('help_case_history')
    .leftJoin('users', 'users.id', 'help_case_history.actor_user_id')
    .select([
      'help_case_history.actor',
      'help_case_history.action',
      'help_case_history.detail',
      'help_case_history.created_at',
      'users.first_name',
      'users.last_name',
    ])
    .where('help_case_history.case_id', '=', caseId)
    .orderBy('help_case_history.created_at')
    .execute();
}

export function casesOfUser(db: Db, userId: string) {
  return db
    .selectFrom('help_cases')
    .select(['id', 'reference', 'subject', 'state', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('state', '<>', 'unconfirmed')
    .orderBy('updated_at', 'desc')
    .limit(100)
    .execute();
}

export async function updateCase(
  trx: Executor,
  id: string,
  values: Partial<{
    state: HelpCaseStateRow;
    assigned_to: string | null;
    first_replied_at: Date;
    resolved_at: Date | null;
    pending_since: Date | null;
    reminded_at: Date | null;
    proof_code_hash: string | null;
    proof_code_expires_at: Date | null;
  }>,
): Promise<void> {
  await trx
    .updateTable('help_cases')
    .set({ ...values, updated_at: sql<Date>`now()` as unknown as Date })
    .where('id', '=', id)
    .execute();
}

// Mailed links and the access they open ----------------------------------------------------------------

export async function insertAccess(
  trx: Executor,
  values: { token_hash: string; case_id: string; email: string; kind: 'link' | 'access'; expires_in_seconds: number },
): Promise<void> {
  const { expires_in_seconds, ...rest } = values;
  await trx
    .insertInto('help_case_access')
    .values({ ...rest, expires_at: sql<Date>`now() + ${expires_in_seconds} * interval '1 second'` as unknown as Date })
    .execute();
}

/** Marks an unused, unexpired link used and answers it; null when there is no such link (any more). */
export function takeLink(trx: Transaction<Database>, tokenHash: string) {
  return trx
    .updateTable('help_case_access')
    .set({ used_at: sql<Date>`now()` as unknown as Date })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'link')
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['case_id', 'email'])
    .executeTakeFirst();
}

export function findAccess(db: Executor, tokenHash: string, caseId: string) {
  return db
    .selectFrom('help_case_access')
    .select(['case_id', 'email'])
    .where('token_hash', '=', tokenHash)
    .where('case_id', '=', caseId)
    .where('kind', '=', 'access')
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function pruneAccess(db: Db): Promise<void> {
  await db.deleteFrom('help_case_access').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

// Related records ---------------------------------------------------------------------------------------

/** The signed-in person's own orders, newest first, to choose from when raising a case. */
export function ordersOfBuyer(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .select(['orders.id', 'orders.reference', 'orders.event_id', 'events.title as event_title'])
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', ['paid', 'partially_refunded', 'refunded', 'cancelled', 'expired'])
    .orderBy('orders.created_at', 'desc')
    .limit(50)
    .execute();
}

/** The events of the organisations the person belongs to, soonest last-starting first, to choose from when raising a case. */
export function eventsOfMember(db: Db, userId: string) {
  return db
    .selectFrom('events')
    .innerJoin('organization_members', 'organization_members.organization_id', 'events.organization_id')
    .innerJoin('organizations', 'organizations.id', 'events.organization_id')
    .select(['events.id', 'events.title', 'organizations.name as organisation_name'])
    .where('organization_members.user_id', '=', userId)
    .orderBy('events.starts_at', 'desc')
    .orderBy('events.id')
    .limit(50)
    .execute();
}

/** The event only if the person belongs to the organisation that runs it. */
export function memberEvent(db: Executor, eventId: string, userId: string) {
  return db
    .selectFrom('events')
    .innerJoin('organization_members', 'organization_members.organization_id', 'events.organization_id')
    .select(['events.id'])
    .where('events.id', '=', eventId)
    .where('organization_members.user_id', '=', userId)
    .executeTakeFirst();
}

export function buyerOrder(db: Executor, orderId: string, userId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'event_id'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function caseLinks(db: Db, row: { order_id: string | null; event_id: string | null; assigned_to: string | null }) {
  return Promise.all([
    row.order_id
      ? db.selectFrom('orders').select(['id', 'reference']).where('id', '=', row.order_id).executeTakeFirst()
      : undefined,
    row.event_id
      ? db
          .selectFrom('events')
          .leftJoin('organizations', 'organizations.id', 'events.organization_id')
          .select(['events.id', 'events.title', 'organizations.id as organization_id', 'organizations.name as organization_name'])
          .where('events.id', '=', row.event_id)
          .executeTakeFirst()
      : undefined,
    row.assigned_to
      ? db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', row.assigned_to).executeTakeFirst()
      : undefined,
  ]);
}

export function userNameOf(db: Executor, userId: string) {
  return db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', userId).executeTakeFirst();
}

export async function countWrongCaseCode(trx: Executor, id: string): Promise<void> {
  await trx
    .updateTable('help_cases')
    .set((eb) => ({ proof_wrong_tries: eb('proof_wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
