// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError, type ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, renderScreen } from '#lib/screen.test-helper.tsx';
import { bookmarkQueue } from '../utils/bookmark-queue.ts';
import { BookmarkButton } from './bookmark-button.tsx';

// The button against this device's queue (IndexedDB) and an API that refuses the change: what was shown at once is
// taken back, and nothing is left on the device to send again.

const userId = 'user-alex';
const eventId = '6f1c2b1e-8d0a-4a55-9d63-3c8f8b0d2a11';

/** An API whose bookmark list is empty and which refuses a bookmark once `refuse` is called; calls recorded. */
function refusingServer() {
  const calls: string[] = [];
  let refuse: () => void = () => undefined;
  const refused = new Promise<void>((resolve) => {
    refuse = resolve;
  });
  const api: ApiCaller = async <T,>(config: { method?: string; url?: string }) => {
    calls.push(`${config.method ?? 'GET'} ${config.url ?? ''}`);
    if (config.url === '/bookmarks') return { items: [] } as T;
    await refused;
    throw new ApiCallError(404, 'This event is no longer listed.');
  };
  return { api, calls, refuse };
}

const button = (container: HTMLElement) => {
  const found = container.querySelector('button[aria-pressed]');
  if (!found) throw new Error('no bookmark button');
  return found;
};

describe('the bookmark button', () => {
  afterEach(clearScreen);

  it('shows a bookmark at once, and takes it back when the server refuses it', async () => {
    const { api, calls, refuse } = refusingServer();
    const { container } = renderScreen(<BookmarkButton eventId={eventId} />, {
      api,
      session: { signedIn: true, authId: userId, token: 'token' },
    });
    await vi.waitFor(() => expect(calls).toContain('GET /bookmarks'));
    expect(button(container).getAttribute('aria-pressed')).toBe('false');

    (button(container) as HTMLButtonElement).click();
    // Before the server answers, the button says what the person asked for.
    await vi.waitFor(() => expect(button(container).getAttribute('aria-pressed')).toBe('true'));
    expect(button(container).textContent).toContain('Bookmarked');

    refuse();
    await vi.waitFor(() => expect(button(container).getAttribute('aria-pressed')).toBe('false'));
    // The change went once, the list is read again after the refusal (how often before it is the cache's business),
    // and the refused change is not kept to be sent on the next visit.
    const put = `PUT /bookmarks/${eventId}`;
    await vi.waitFor(() => expect(calls.slice(calls.indexOf(put) + 1)).toContain('GET /bookmarks'));
    expect(calls.filter((call) => call === put)).toHaveLength(1);
    expect(await bookmarkQueue().pending(userId)).toEqual([]);
  });
});
