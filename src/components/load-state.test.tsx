// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadState } from './load-state.tsx';

describe('LoadState', () => {
  it('is a status while loading, and an alert with a way to try again once loading failed', () => {
    document.body.innerHTML = renderToString(<LoadState what="the event" failed={false} onRetry={() => {}} />);
    expect(document.querySelector('[role="status"]')?.textContent?.trim()).toBe('Loading the event…');
    document.body.innerHTML = renderToString(<LoadState what="the event" failed onRetry={() => {}} />);
    expect(document.querySelector('[role="alert"] p')?.textContent).toBe(
      'The event could not be loaded. Check your connection and try again.',
    );
    expect(document.querySelector('[role="alert"] button')?.textContent).toBe('Try again');
  });
});
