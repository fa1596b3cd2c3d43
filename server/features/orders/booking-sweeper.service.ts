import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createPaymentProvider } from '../../lib/payments/create-provider.ts';
import { expireLapsedHolds } from './order-lifecycle.service.ts';
import { runPendingRefunds } from './refunds/refund-execution.service.ts';

export interface SweeperLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Returns lapsed holds to sale and retries refunds the provider has not confirmed yet. Every
 * instance may run it: each order and refund is settled under its own row lock, once.
 */
export function startBookingSweeper(config: Config, db: Db, log: SweeperLog, everyMs = 30_000): () => Promise<void> {
  const provider = createPaymentProvider(config);
  let running: Promise<void> = Promise.resolve();
  const sweep = async () => {
    const expired = await expireLapsedHolds(db, { limit: 500 });
    if (expired > 0) log.info({ expired }, 'lapsed holds returned to sale');
    await runPendingRefunds(db, provider, log);
  };
  const timer = setInterval(() => {
    running = running.then(sweep).catch((error: unknown) => log.warn({ err: error }, 'booking sweep failed'));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
