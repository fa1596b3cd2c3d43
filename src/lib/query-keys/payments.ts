/** The payments side's query keys: the sandbox's sessions and the organiser's orders and money. */
export const paymentKeys = {
  all: ['payments'] as const,
  sandboxSession: (sessionId: string) => [...paymentKeys.all, 'sandbox', sessionId] as const,
  /** Every list of an organisation's orders (any filter). */
  orderLists: (organizationId: string) => [...paymentKeys.all, 'orders', organizationId] as const,
  orderList: (organizationId: string, filters: object) => [...paymentKeys.orderLists(organizationId), filters] as const,
  order: (organizationId: string, orderId: string) => [...paymentKeys.all, 'order', organizationId, orderId] as const,
  /** Buyers' open refund requests (decision 068). */
  refundRequests: (organizationId: string) => [...paymentKeys.all, 'refund-requests', organizationId] as const,
};
