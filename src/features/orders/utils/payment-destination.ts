export type Destination = { kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'refused' };

/**
 * Where the API sends the buyer to pay or after paying: a path on this site (the sandbox page,
 * the return pages) is a route; an https page of a payment provider is left to the browser;
 * anything else (other schemes, protocol-relative tricks) is refused.
 */
export function paymentDestination(url: string): Destination {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return { kind: 'route', to: url };
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? { kind: 'external', href: parsed.href } : { kind: 'refused' };
  } catch {
    return { kind: 'refused' };
  }
}

/** The order's return page on this site. */
export const orderPagePath = (page: 'success' | 'error', orderId: string, token: string | null, extra?: Record<string, string>) =>
  `/payment/order-${page}?${new URLSearchParams({ orderId, ...(token ? { token } : {}), ...extra }).toString()}`;
