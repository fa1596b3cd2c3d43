import type { RateLimit } from '../../../lib/rate-limiter.ts';

/**
 * Orders per network (an IPv4 address or an IPv6 /64, see networkPrefix), against one machine holding a sale's
 * stock with a stream of orders. Counted by the transaction that places the order (see saleGuardQuery), so only
 * orders placed count and a refused one costs nothing more. `limit` comes from ORDER_LIMIT_PER_ADDRESS (0: no limit).
 */
export const ordersPerAddress = (limit: number): RateLimit => ({ name: 'orders:address', limit, windowSeconds: 15 * 60 });

/**
 * What buyers without a proven email may take of one event from one network, across all their emails
 * (decision 021): free tickets held or issued, and paid tickets held unpaid. 0 turns a limit off.
 */
export interface NetworkLimits {
  freeTickets: number;
  heldTickets: number;
}

/** The code that proves a free order's email: its mails, and the tries at it. */
export const emailCodeLimits = {
  /** Code mails per network, counted with the orders that send them and with each new code asked for. */
  mailPerNetwork: { name: 'order-code-mail:network', limit: 30, windowSeconds: 60 * 60 },
  /** Code mails per recipient, so no inbox is flooded from many networks at once. */
  mailPerRecipient: { name: 'order-code-mail:to', limit: 10, windowSeconds: 60 * 60 },
  /** Codes tried per network, over all its orders. */
  triesPerNetwork: { name: 'order-code:network', limit: 60, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

/** Wrong codes one order takes before its tickets go back on sale; new codes do not give tries back. */
export const maxWrongCodeTries = 5;
/** Times one order's code is mailed: the first and three new ones. */
export const maxCodeMails = 4;
