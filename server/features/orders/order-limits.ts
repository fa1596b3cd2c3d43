import type { RateLimit } from '../../lib/rate-limiter.ts';

/**
 * Orders per network address, against one machine holding a sale's stock with a stream of orders.
 * Counted by the transaction that places the order (see saleGuardQuery), so only orders placed count and a
 * refused one costs nothing more. `limit` comes from ORDER_LIMIT_PER_ADDRESS (0: no limit).
 */
export const ordersPerAddress = (limit: number): RateLimit => ({ name: 'orders:address', limit, windowSeconds: 15 * 60 });
