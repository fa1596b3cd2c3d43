import { type ExpressionBuilder, sql } from 'kysely';
import type { CaseQueue } from '../../../src/contract/help-agents.ts';
import type { CaseState } from '../../../src/contract/help-case-terms.ts';
import type { Db } from '../../db/database.ts';
import { type KeysetPosition, keysetTime, pastPosition } from '../../db/keyset.ts';
import type { Database } from '../../db/types.ts';

type CasesEb = ExpressionBuilder<Database, 'help_cases'>;

// The state lists are literals, not parameters, so the planner matches them with the queues' partial indexes
// (migration 0023) whatever plan it caches.
const isActive = sql<boolean>`help_cases.state in ('new', 'open', 'pending')`;
const isAwaitingAgent = sql<boolean>`help_cases.state in ('new', 'open')`;

/** The rows of a queue. Pending and closed cases never count as overdue: they wait on the customer or are done. */
function queueFilter(eb: CasesEb, queue: CaseQueue, agentId: string) {
  switch (queue) {
    case 'unassigned':
      return eb.and([isAwaitingAgent, eb('help_cases.assigned_to', 'is', null)]);
    case 'mine':
      return eb.and([isActive, eb('help_cases.assigned_to', '=', agentId)]);
    case 'waiting':
      return eb('help_cases.state', '=', sql.lit('pending'));
    case 'overdue':
      return eb.and([
        isAwaitingAgent,
        eb('help_cases.first_replied_at', 'is', null),
        eb('help_cases.first_reply_due_at', '<', sql<Date>`now()`),
      ]);
    default:
      return isActive;
  }
}

export interface QueueFilters {
  queue: CaseQueue;
  state?: CaseState;
  category?: string;
  sort: 'oldest' | 'newest';
  after?: KeysetPosition | null;
  limit: number;
}

/** One page of a queue, by age, continuing after a (created_at, id) cursor: keyset pagination, no offsets. */
export function queuePage(db: Db, agentId: string, filters: QueueFilters) {
  return queuePageQuery(db, agentId, filters).execute();
}

/** The query of a queue page (the bench prints its plan). */
export function queuePageQuery(db: Db, agentId: string, filters: QueueFilters) {
  const direction = filters.sort === 'oldest' ? 'asc' : 'desc';
  let query = db
    .selectFrom('help_cases')
    .innerJoin('help_categories', 'help_categories.slug', 'help_cases.category_slug')
    .leftJoin('users as assignee', 'assignee.id', 'help_cases.assigned_to')
    .select([
      'help_cases.id',
      'help_cases.reference',
      'help_cases.subject',
      'help_cases.state',
      'help_cases.name',
      'help_cases.email',
      'help_cases.created_at',
      'help_cases.first_replied_at',
      'help_cases.first_reply_due_at',
      'help_categories.title as category_title',
      'assignee.first_name as assignee_first_name',
      'assignee.last_name as assignee_last_name',
    ])
    .where((eb) => (filters.state ? eb('help_cases.state', '=', filters.state) : queueFilter(eb, filters.queue, agentId)));
  if (filters.state && filters.queue !== 'all') query = query.where((eb) => queueFilter(eb, filters.queue, agentId));
  if (filters.category) query = query.where('help_cases.category_slug', '=', filters.category);
  const after = filters.after;
  if (after) {
    query = query.where(pastPosition(['help_cases.created_at', 'help_cases.id'], direction === 'asc' ? '>' : '<', after));
  }
  return query
    .select(keysetTime('help_cases.created_at').as('position_at'))
    .orderBy('help_cases.created_at', direction)
    .orderBy('help_cases.id', direction)
    .limit(filters.limit);
}

/**
 * How many cases each queue holds now, from the counters the database keeps (migration 0023). Overdue is the
 * count awaiting a first reply less those not due yet: only cases raised within their first-reply target are read.
 */
export async function queueCounts(db: Db, agentId: string): Promise<Record<CaseQueue, number>> {
  const mine = `mine:${agentId}`;
  const [counters, notDue] = await Promise.all([
    db
      .selectFrom('help_case_counts')
      .select(['bucket', 'cases'])
      .where('bucket', 'in', ['all', 'unassigned', 'waiting', 'awaiting-reply', mine])
      .execute(),
    db
      .selectFrom('help_cases')
      .select((eb) => eb.fn.countAll<string>().as('cases'))
      .where(isAwaitingAgent)
      .where('first_replied_at', 'is', null)
      .where('first_reply_due_at', '>=', sql<Date>`now()`)
      .executeTakeFirstOrThrow(),
  ]);
  const count = (bucket: string) => Number(counters.find((row) => row.bucket === bucket)?.cases ?? 0);
  return {
    all: count('all'),
    unassigned: count('unassigned'),
    mine: count(mine),
    waiting: count('waiting'),
    overdue: Math.max(0, count('awaiting-reply') - Number(notDue.cases)),
  };
}
