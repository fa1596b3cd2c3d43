// The framework is evaluated with this entry, before it runs; the app's code in a task after it (decision 077).
import 'react-dom/client';
import { keepEarlyErrors } from './lib/errors/early-errors.ts';
import { yieldToBrowser } from './lib/yield-to-browser.ts';

// Errors outside rendering are reported by listeners loaded once the page is idle; until then they are kept.
const earlyErrors = keepEarlyErrors();

/**
 * Evaluated together, the framework's code and the app's were the longest task of a page's start on a phone: the
 * app's waits for the next task. Its chunks are preloaded with this entry, so the step costs no round trip.
 */
async function start(): Promise<void> {
  await yieldToBrowser();
  const { startApp } = await import('./app/start.tsx');
  startApp(earlyErrors);
}

// Code that could not be fetched (the connection dropped as the page started) leaves the server's page as it is.
start().catch((error: unknown) => console.error('Admit could not start', error));
