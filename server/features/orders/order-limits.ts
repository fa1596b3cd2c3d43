import type { RateLimit } from '../../lib/rate-limiter.ts';

/**
 * Orders per network address, against one machine holding a sale's stock with a stream of orders.
 * Counted in the same round trip as the order's first read, so a flood costs one round trip per request. `limit` comes from
 * ORDER_LIMIT_PER_ADDRESS (0: no limit).
 */
export const ordersPerAddress = (limit: number): RateLimit => ({ name: 'orders:address', limit, windowSeconds: 15 * 60 });
