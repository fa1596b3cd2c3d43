import type { Executor } from '../../db/database.ts';
import { addPageViews } from './events.repository.ts';

/** How long views are tallied in memory before they are written: one upsert per event and day, not per view. */
const flushDelayMs = 5_000;

interface Tally {
  counts: Map<string, number>;
  timer: NodeJS.Timeout | null;
  writing: Promise<void>;
}

// Per database: a busy event page is read many times a second, and a write per read would queue every reader
// on the same counter row.
const tallies = new WeakMap<Executor, Tally>();

function tallyOf(db: Executor): Tally {
  let tally = tallies.get(db);
  if (!tally) {
    tally = { counts: new Map(), timer: null, writing: Promise.resolve() };
    tallies.set(db, tally);
  }
  return tally;
}

/** Counts one view of an event's public page today (UTC); written within a few seconds. */
export function countPageView(db: Executor, eventId: string, now = new Date()): void {
  const tally = tallyOf(db);
  const key = `${eventId}|${now.toISOString().slice(0, 10)}`;
  tally.counts.set(key, (tally.counts.get(key) ?? 0) + 1);
  if (!tally.timer) {
    tally.timer = setTimeout(() => void flushPageViews(db).catch(() => undefined), flushDelayMs);
    tally.timer.unref();
  }
}

/** Writes the views tallied so far (before they are read, and when the server stops). */
export async function flushPageViews(db: Executor): Promise<void> {
  const tally = tallyOf(db);
  if (tally.timer) clearTimeout(tally.timer);
  tally.timer = null;
  const rows = [...tally.counts].map(([key, views]) => {
    const [eventId = '', day = ''] = key.split('|');
    return { eventId, day, views };
  });
  tally.counts.clear();
  const previous = tally.writing;
  tally.writing = previous.then(() => (rows.length > 0 ? addPageViews(db, rows) : undefined));
  await tally.writing;
}
