import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createBookmarkQueue, overrideKey, type PendingBookmark } from './bookmark-queue.ts';

const alex = 'user-alex';
const sam = 'user-sam';
const gig = 'event-gig';
const run = 'event-run';
const fair = 'event-fair';

/** A fresh database per test; two queues on one name are one device before and after a reload. */
const newDevice = () => {
  const name = `bookmarks-test-${crypto.randomUUID()}`;
  return () => createStore(name, 'pending');
};

/** A server stand-in that records the calls it receives. */
function recordingServer() {
  const calls: string[] = [];
  const send = async (change: PendingBookmark) => {
    calls.push(`${change.bookmarked ? 'PUT' : 'DELETE'} ${change.eventId}`);
  };
  return { calls, send };
}

const noConnection = () => Object.assign(new Error('Network Error'), { response: undefined });
const refused = (status: number) => Object.assign(new Error('Refused'), { response: { status } });

describe('the offline bookmark queue', () => {
  it('keeps one change per event, the latest, so toggling twice sends one call', async () => {
    const queue = createBookmarkQueue(newDevice()());
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: true }, { waiting: true });
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: false }, { waiting: true });

    expect(await queue.pending(alex)).toEqual([expect.objectContaining({ eventId: gig, bookmarked: false })]);
    const server = recordingServer();
    const result = await queue.flush(alex, server.send);
    expect(server.calls).toEqual([`DELETE ${gig}`]);
    expect(result).toMatchObject({ stopped: null, rejected: [] });
    expect(await queue.pending(alex)).toEqual([]);
  });

  it('survives a reload and shows what is waiting before anything is sent', async () => {
    const device = newDevice();
    const before = createBookmarkQueue(device());
    await before.enqueue({ userId: alex, eventId: gig, bookmarked: true }, { waiting: true });

    const after = createBookmarkQueue(device());
    expect(after.snapshot().size).toBe(0);
    await after.load(alex);
    expect(after.snapshot().get(overrideKey(alex, gig))).toMatchObject({ bookmarked: true, status: 'waiting' });

    const server = recordingServer();
    await after.flush(alex, server.send);
    expect(server.calls).toEqual([`PUT ${gig}`]);
    expect(after.snapshot().get(overrideKey(alex, gig))).toMatchObject({ bookmarked: true, status: 'synced' });
    expect(await createBookmarkQueue(device()).pending(alex)).toEqual([]);
  });

  it('sends changes in the order of their latest change', async () => {
    const queue = createBookmarkQueue(newDevice()());
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: true });
    await queue.enqueue({ userId: alex, eventId: run, bookmarked: true });
    await queue.enqueue({ userId: alex, eventId: fair, bookmarked: true });
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: false });

    const server = recordingServer();
    await queue.flush(alex, server.send);
    expect(server.calls).toEqual([`PUT ${run}`, `PUT ${fair}`, `DELETE ${gig}`]);
  });

  it('stops at the first change without a connection, keeps it and the rest, and sends them when back online', async () => {
    const queue = createBookmarkQueue(newDevice()());
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: true });
    await queue.enqueue({ userId: alex, eventId: run, bookmarked: true });

    let attempts = 0;
    const offline = await queue.flush(alex, async () => {
      attempts += 1;
      throw noConnection();
    });
    expect(attempts).toBe(1);
    expect(offline).toMatchObject({ stopped: 'offline', sent: [] });
    expect((await queue.pending(alex)).map((change) => change.eventId)).toEqual([gig, run]);
    expect(queue.snapshot().get(overrideKey(alex, gig))?.status).toBe('waiting');
    expect(queue.snapshot().get(overrideKey(alex, run))?.status).toBe('waiting');

    const server = recordingServer();
    const online = await queue.flush(alex, server.send);
    expect(online.stopped).toBeNull();
    expect(server.calls).toEqual([`PUT ${gig}`, `PUT ${run}`]);
    expect(await queue.pending(alex)).toEqual([]);
  });

  it('keeps changes while the server is unavailable or the session has lapsed', async () => {
    const queue = createBookmarkQueue(newDevice()());
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: true });
    for (const [status, stop] of [
      [503, 'unavailable'],
      [429, 'unavailable'],
      [401, 'unauthorized'],
    ] as const) {
      const result = await queue.flush(alex, async () => {
        throw refused(status);
      });
      expect(result.stopped).toBe(stop);
      expect(await queue.pending(alex)).toHaveLength(1);
    }
  });

  it('drops a change the server refuses for good and goes on with the next', async () => {
    const queue = createBookmarkQueue(newDevice()());
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: true });
    await queue.enqueue({ userId: alex, eventId: run, bookmarked: true });

    const sent: string[] = [];
    const result = await queue.flush(alex, async (change) => {
      if (change.eventId === gig) throw refused(404);
      sent.push(change.eventId);
    });
    expect(sent).toEqual([run]);
    expect(result.rejected.map(({ change }) => change.eventId)).toEqual([gig]);
    expect(result.stopped).toBeNull();
    expect(queue.snapshot().has(overrideKey(alex, gig))).toBe(false);
    expect(await queue.pending(alex)).toEqual([]);
  });

  it('does not lose a change made while the previous one is on its way', async () => {
    const queue = createBookmarkQueue(newDevice()());
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: true });

    const calls: string[] = [];
    let changedMeanwhile = false;
    const send = async (change: PendingBookmark) => {
      calls.push(`${change.bookmarked ? 'PUT' : 'DELETE'} ${change.eventId}`);
      if (!changedMeanwhile) {
        changedMeanwhile = true;
        await queue.enqueue({ userId: alex, eventId: gig, bookmarked: false });
        void queue.flush(alex, send);
      }
    };
    await queue.flush(alex, send);

    expect(calls).toEqual([`PUT ${gig}`, `DELETE ${gig}`]);
    expect(await queue.pending(alex)).toEqual([]);
    expect(queue.snapshot().get(overrideKey(alex, gig))).toMatchObject({ bookmarked: false, status: 'synced' });
  });

  it('runs one pass at a time, so overlapping syncs send each change once', async () => {
    const queue = createBookmarkQueue(newDevice()());
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: true });
    await queue.enqueue({ userId: alex, eventId: run, bookmarked: false });

    const server = recordingServer();
    await Promise.all([queue.flush(alex, server.send), queue.flush(alex, server.send), queue.flush(alex, server.send)]);
    expect(server.calls).toEqual([`PUT ${gig}`, `DELETE ${run}`]);
  });

  it('sends only the signed-in user’s changes', async () => {
    const queue = createBookmarkQueue(newDevice()());
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: true });
    await queue.enqueue({ userId: sam, eventId: run, bookmarked: true });

    const server = recordingServer();
    await queue.flush(sam, server.send);
    expect(server.calls).toEqual([`PUT ${run}`]);
    expect((await queue.pending(alex)).map((change) => change.eventId)).toEqual([gig]);
  });

  it('tells its subscribers about every change', async () => {
    const queue = createBookmarkQueue(newDevice()());
    const seen: Array<string | undefined> = [];
    const stop = queue.subscribe(() => seen.push(queue.snapshot().get(overrideKey(alex, gig))?.status));
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: true });
    await queue.flush(alex, async () => undefined);
    stop();
    await queue.enqueue({ userId: alex, eventId: gig, bookmarked: false });
    expect(seen).toEqual(['queued', 'synced']);
  });
});
