import type { CheckoutProvider } from '../../../src/contract/orders.ts';
import type { Db } from '../../db/database.ts';
import { repeatEvery } from '../../lib/repeat-every.ts';
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
  const work = async () => {
    const made = await makeSandboxPayouts(db);
    if (made.length > 0) log.info({ payouts: made.length }, 'sandbox payouts made');
  };
  return repeatEvery(everyMs, work, (error) => log.warn({ err: error }, 'sandbox payouts failed'), { atStart: true });
}
