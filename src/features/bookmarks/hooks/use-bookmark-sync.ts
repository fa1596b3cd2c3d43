import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiCaller } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { syncBookmarks } from '../api/toggle-bookmark.ts';
import { bookmarkQueue } from '../utils/bookmark-queue.ts';

interface ActiveSync {
  userId: string;
  users: number;
  stop(): void;
}

const retryEveryMs = 30_000;

// One set of listeners per tab, however many buttons are on the page.
let active: ActiveSync | null = null;

function startSync(userId: string, sync: () => Promise<unknown>): () => void {
  if (active?.userId === userId) {
    active.users += 1;
  } else {
    active?.stop();
    const run = () => {
      if (navigator.onLine) sync().catch((error: unknown) => console.warn('Bookmark sync failed', error));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    // "Online" can be a connection that drops requests: what could not be sent is retried now and then.
    const retry = () => {
      for (const [key, override] of bookmarkQueue().snapshot()) {
        if (key.startsWith(`${userId}:`) && override.status === 'waiting') return run();
      }
    };
    const timer = window.setInterval(retry, retryEveryMs);
    window.addEventListener('online', run);
    document.addEventListener('visibilitychange', onVisible);
    // What an earlier visit left unsent shows at once, then goes to the server.
    bookmarkQueue()
      .load(userId, { waiting: !navigator.onLine })
      .then(run, (error: unknown) => console.warn('Could not read the bookmark queue', error));
    active = {
      userId,
      users: 1,
      stop: () => {
        window.clearInterval(timer);
        window.removeEventListener('online', run);
        document.removeEventListener('visibilitychange', onVisible);
      },
    };
  }
  return () => {
    if (active?.userId !== userId) return;
    active.users -= 1;
    if (active.users > 0) return;
    active.stop();
    active = null;
  };
}

/**
 * Sends bookmark changes kept on this device when the page starts, when the connection returns,
 * when the tab becomes visible again, and every 30 s while some are waiting.
 */
export function useBookmarkSync(): void {
  const { authId } = useRouteSession();
  const api = useApiCaller();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!authId) return;
    return startSync(authId, () => syncBookmarks({ api, queryClient, userId: authId }));
  }, [authId, api, queryClient]);
}
