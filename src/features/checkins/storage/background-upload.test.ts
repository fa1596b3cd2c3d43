import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadQueuedScans } from './background-upload.ts';
import { createDeviceStore } from './device-store.ts';
import { deleteDoorDb, openDoorDb } from './door-db.ts';
import { queuedScan } from './queued-scan.test-helper.ts';
import { createScanStore } from './scan-store.ts';

const gig = '00000000-0000-4000-8000-00000000000a';
const fair = '00000000-0000-4000-8000-00000000000b';
const now = Date.parse('2026-05-01T19:00:00Z');

/** The device as the page left it: scans queued, and the token it shared (valid for `validFor` seconds). */
async function deviceLeftWith(scans: ReturnType<typeof queuedScan>[], validFor: number | null) {
  const db = openDoorDb();
  const store = createScanStore(db);
  for (const scan of scans) await store.put(scan);
  if (validFor !== null)
    await createDeviceStore(db).saveCredentials({
      token: 'token-1',
      expiresAt: now / 1000 + validFor,
      apiBase: 'https://admit.test/api',
    });
  db.close();
}

async function pendingNow(): Promise<number> {
  const db = openDoorDb();
  try {
    return await createScanStore(db).countPending();
  } finally {
    db.close();
  }
}

/** A server that admits every scan of a batch and records what it was sent. */
function server() {
  const calls: Array<{ url: string; authorization: string | null; clientScanIds: string[] }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as { scans: Array<{ clientScanId: string }> };
    calls.push({
      url,
      authorization: new Headers(init.headers).get('authorization'),
      clientScanIds: body.scans.map((scan) => scan.clientScanId),
    });
    const results = body.scans.map((scan) => ({
      clientScanId: scan.clientScanId,
      result: 'valid',
      duplicate: false,
      ticket: null,
      firstCheckIn: null,
    }));
    return new Response(JSON.stringify({ httpStatus: 'OK', message: 'Uploaded.', data: { results } }), { status: 200 });
  });
  return { calls, fetch };
}

describe('uploading queued scans from the service worker (Background Sync)', () => {
  beforeEach(() => deleteDoorDb());
  afterEach(() => vi.unstubAllGlobals());

  it('sends every event’s queue with the token the page shared, and empties the queue', async () => {
    const first = queuedScan(gig);
    const second = queuedScan(gig);
    const other = queuedScan(fair);
    await deviceLeftWith([first, second, other, queuedScan(gig, { uploaded: 1 })], 600);
    const { calls, fetch } = server();
    vi.stubGlobal('fetch', fetch);

    await uploadQueuedScans(now);

    expect(calls).toEqual([
      {
        url: `https://admit.test/api/events/${gig}/checkins/batch`,
        authorization: 'Bearer token-1',
        clientScanIds: expect.arrayContaining([first.clientScanId, second.clientScanId]),
      },
      {
        url: `https://admit.test/api/events/${fair}/checkins/batch`,
        authorization: 'Bearer token-1',
        clientScanIds: [other.clientScanId],
      },
    ]);
    expect(calls[0]?.clientScanIds).toHaveLength(2);
    expect(await pendingNow()).toBe(0);
  });

  it('without a token that is still valid, sends nothing and leaves the queue for the next start', async () => {
    await deviceLeftWith([queuedScan(gig)], 3);
    const { fetch } = server();
    vi.stubGlobal('fetch', fetch);
    await uploadQueuedScans(now);
    expect(fetch).not.toHaveBeenCalled();
    expect(await pendingNow()).toBe(1);

    await deleteDoorDb();
    await deviceLeftWith([queuedScan(gig)], null);
    await uploadQueuedScans(now);
    expect(fetch).not.toHaveBeenCalled();
    expect(await pendingNow()).toBe(1);
  });

  it('rejects while the network is away, so the browser tries again, and keeps every scan', async () => {
    await deviceLeftWith([queuedScan(gig), queuedScan(gig)], 600);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(uploadQueuedScans(now)).rejects.toThrow('Scans still waiting to upload');
    expect(await pendingNow()).toBe(2);
  });
});
