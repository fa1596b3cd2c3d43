import type { NavigationVerdict } from '#lib/external-navigation.ts';

export type Destination = { kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'refused' };

/**
 * Where the API sends the buyer to pay or after paying: a path on this site (the sandbox page,
 * the return pages) is a route; an https page of a payment provider is left to the browser, through the guard for
 * leaving Admit (decision 049), which `verdict` applies as the page renders; anything else (other schemes,
 * protocol-relative tricks, sites the guard refuses) is refused.
 */
export function paymentDestination(url: string, verdict?: (href: string) => NavigationVerdict): Destination {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return { kind: 'route', to: url };
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' || verdict?.(parsed.href) === 'refused') return { kind: 'refused' };
    return { kind: 'external', href: parsed.href };
  } catch {
    return { kind: 'refused' };
  }
}

/** The order's return page on this site. */
export const orderPagePath = (page: 'success' | 'error', orderId: string, token: string | null, extra?: Record<string, string>) =>
  `/payment/order-${page}?${new URLSearchParams({ orderId, ...(token ? { token } : {}), ...extra }).toString()}`;
