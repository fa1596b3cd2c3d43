import type { CheckoutProvider } from '../../../src/contract/orders.ts';
import type { Db } from '../../db/database.ts';
import { makeSandboxPayouts } from './payouts.repository.ts';

export interface PayoutLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Sandbox payouts, every `everyMs` (a few minutes) and once at start, on every instance: each run pays out the
 * orders of events that have ended (see `makeSandboxPayouts`). With Stripe nothing runs: Stripe pays the
 * connected account out itself.
 */
export function startPayouts(provider: CheckoutProvider, db: Db, log: PayoutLog, everyMs = 5 * 60_000): () => Promise<void> {
  if (provider !== 'sandbox') return async () => {};
  let running: Promise<void> = Promise.resolve();
  const work = async () => {
    const made = await makeSandboxPayouts(db);
    if (made.length > 0) log.info({ payouts: made.length }, 'sandbox payouts made');
  };
  const run = () => {
    running = running.then(work).catch((error: unknown) => log.warn({ err: error }, 'sandbox payouts failed'));
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
