import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { typeLeftSql } from '../../lib/capacity-quotas.ts';
import { settleWaitingList, type WaitingListDeps } from './waiting-list-offers.service.ts';

export interface WaitingListSweepLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Events whose lists have something to do: an offer whose time ran out, or people in an automatic queue for a type
 * with places free (a hold lapsed, an order was refunded or cancelled, capacity was raised). Read without locks, so a
 * sold-out event's queue costs nothing until places come back.
 */
export async function eventsWithWork(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('waiting_list_entries as e')
    .innerJoin('ticket_types as t', 't.id', 'e.ticket_type_id')
    .innerJoin('waiting_lists as w', 'w.event_id', 'e.event_id')
    .innerJoin('events as ev', 'ev.id', 'e.event_id')
    .select('e.event_id')
    .distinct()
    .where('ev.status', '=', 'published')
    .where('ev.ends_at', '>', sql<Date>`now()`)
    .where((eb) =>
      eb.or([
        eb.and([eb('e.status', '=', 'offered'), eb('e.offer_expires_at', '<=', sql<Date>`now()`)]),
        eb.and([eb('e.status', '=', 'waiting'), eb('w.automatic', '=', true), eb(typeLeftSql('t'), '>', 0)]),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.event_id);
}

/** Settles every event with work (see eventsWithWork), one transaction each; answers the offers made. */
export async function settleWaitingLists(deps: WaitingListDeps, limit = 200): Promise<number> {
  let made = 0;
  for (const eventId of await eventsWithWork(deps.db, limit)) made += await settleWaitingList(deps, eventId);
  return made;
}

/** Runs settleWaitingLists every `everyMs` on every instance: each event is settled under its row's lock, once. */
export function startWaitingListSweeper(config: Config, db: Db, log: WaitingListSweepLog, everyMs = 30_000): () => Promise<void> {
  const deps = { db, secret: config.jwtSecret, origin: config.publicOrigin };
  let running: Promise<void> = Promise.resolve();
  const sweep = async () => {
    const made = await settleWaitingLists(deps);
    if (made > 0) log.info({ offers: made }, 'waiting list places offered');
  };
  const timer = setInterval(() => {
    running = running.then(sweep).catch((error: unknown) => log.warn({ err: error }, 'waiting list sweep failed'));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
