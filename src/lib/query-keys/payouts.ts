/** The organiser's payouts: the balance with the list's pages, and one payout's orders. */
export const payoutKeys = {
  all: ['payouts'] as const,
  list: (organizationId: string) => [...payoutKeys.all, organizationId, 'list'] as const,
  payout: (organizationId: string, payoutId: string) => [...payoutKeys.all, organizationId, 'payout', payoutId] as const,
};
