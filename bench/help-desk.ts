// Help desk speed: article search over 2,000 articles (target ≤ 30 ms median) and the agents' queue over 100,000
// cases (target ≤ 100 ms median: a page of the queue and the counts of every queue), on PGlite and, when it
// answers, the bench's PostgreSQL, with the plan (EXPLAIN ANALYZE) of the queue page and counts. Part of
// `npm run bench`; run alone: `node bench/help-desk.ts` (HELP_BENCH_CASES and HELP_BENCH_ARTICLES change the sizes).
import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { queuePageQuery } from '../server/features/helpdesk/agent-cases.repository.ts';
import { agentQueue } from '../server/features/helpdesk/agent-cases.service.ts';
import { saveArticle, searchHelp } from '../server/features/helpdesk/help-articles.service.ts';
import { agentQueueQuerySchema } from '../src/contract/help-agents.ts';
import { onEachDatabase } from './each-database.ts';

const articleCount = Number(process.env.HELP_BENCH_ARTICLES) || 2000;
const caseCount = Number(process.env.HELP_BENCH_CASES) || 100_000;

const vocabulary =
  'ticket refund door scan offline payment fee organiser event venue code email password verify payout team manager finance wallet queue transfer resale seat barcode camera signal phone booking cancel postpone invoice receipt currency charge card bank account profile'.split(
    ' ',
  );
const pick = (index: number) => vocabulary[index % vocabulary.length] as string;

async function fillArticles(db: Db): Promise<void> {
  const categories = ['attendees', 'payments-and-refunds', 'organisers', 'door-staff', 'account-and-verification'];
  for (let index = 0; index < articleCount; index += 1) {
    const words = Array.from({ length: 120 }, (_, offset) => pick(index * 7 + offset * 13)).join(' ');
    await saveArticle(db, null, null, {
      categorySlug: categories[index % categories.length] as string,
      slug: `bench-${index}`,
      title: `${pick(index)} ${pick(index * 3 + 1)} question ${index}`,
      summary: `About ${pick(index * 5)} and ${pick(index * 11)}.`,
      body: words,
      status: 'published',
    });
  }
}

async function fillCases(db: Db): Promise<string> {
  const agent = await db
    .insertInto('users')
    .values({
      email: `agent-${Date.now()}@example.test`,
      first_name: 'A',
      last_name: 'Gent',
      password_hash: 'x',
      date_of_birth: '1990-01-01',
      user_type: 'attendee',
      is_admin: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into help_cases (reference, email, name, category_slug, subject, state, assigned_to, first_reply_due_at, created_at)
    select 'HD-B' || lpad(n::text, 12, '0'), 'c' || n || '@example.test', 'Customer ' || n,
           (array['attendees','payments-and-refunds','organisers','door-staff','account-and-verification'])[1 + n % 5],
           'Case ' || n,
           (array['new','open','pending','resolved','closed'])[1 + n % 5],
           case when n % 3 = 0 then ${agent.id}::uuid end,
           now() - (n % 1000) * interval '1 hour',
           now() - n * interval '1 minute'
      from generate_series(1, ${caseCount}) as n`.execute(db);
  await sql`analyze`.execute(db);
  return agent.id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(rounds: number, work: (round: number) => Promise<unknown>): Promise<number> {
  const timings: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await work(round);
    if (round > 0) timings.push(performance.now() - started);
  }
  return median(timings);
}

export interface HelpDeskBench {
  database: string;
  articles: number;
  searchMedianMs: number;
  cases: number;
  queueMedianMs: number;
  /** EXPLAIN ANALYZE of the first page of the "all active" queue, oldest first, and of the overdue count. */
  queuePlan: string[];
}

async function explain(db: Db, query: CompiledQuery): Promise<string[]> {
  const result = await db.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain analyze ${query.sql}` });
  return result.rows.map((row) => row['QUERY PLAN']);
}

async function measure(db: Db, label: string): Promise<HelpDeskBench> {
  await migrateToLatest(db);
  await fillArticles(db);
  const agentId = await fillCases(db);
  const searches = ['refnd', 'offline tickets', 'scaning camera', 'booking fee', 'payout bank account', 'pasword'];
  const searchMs = await timed(61, (round) => searchHelp(db, searches[round % searches.length] as string));
  const queues = ['all', 'unassigned', 'mine', 'waiting', 'overdue'];
  const queueMs = await timed(51, (round) =>
    agentQueue({ db, origin: 'http://bench' }, agentId, agentQueueQuerySchema.parse({ queue: queues[round % queues.length] })),
  );
  const page = queuePageQuery(db, agentId, { queue: 'all', sort: 'oldest', limit: 26 }).compile();
  const notDue = db
    .selectFrom('help_cases')
    .select((eb) => eb.fn.countAll().as('cases'))
    .where(sql<boolean>`state in ('new', 'open')`)
    .where('first_replied_at', 'is', null)
    .where('first_reply_due_at', '>=', sql<Date>`now()`)
    .compile();
  const queuePlan = [...(await explain(db, page)), '', ...(await explain(db, notDue))];
  return {
    database: label,
    articles: articleCount,
    searchMedianMs: searchMs,
    cases: caseCount,
    queueMedianMs: queueMs,
    queuePlan,
  };
}

export function measureHelpDesk(): Promise<HelpDeskBench[]> {
  return onEachDatabase('help', measure);
}

export function formatHelpDesk(results: HelpDeskBench[]): string[] {
  return results.flatMap((row) => [
    `   ${row.database.padEnd(20)} search over ${row.articles} articles median ${row.searchMedianMs.toFixed(1)} ms (goal ≤ 30); ` +
      `queue over ${row.cases} cases median ${row.queueMedianMs.toFixed(1)} ms (goal ≤ 100)`,
    ...row.queuePlan.map((line) => `      ${line}`),
  ]);
}

if (import.meta.main) {
  process.stdout.write(`${formatHelpDesk(await measureHelpDesk()).join('\n')}\n`);
}
