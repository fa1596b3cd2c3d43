/** The booking side's query keys; its mutations update or invalidate these and nothing else. */
export const orderKeys = {
  all: ['orders'] as const,
  /** The platform's booking fee rule. */
  bookingFee: (currency: string, eventId: string) => [...orderKeys.all, 'booking-fee', currency, eventId] as const,
  /** The questions an event asks at checkout, as buyers see them. */
  checkoutQuestions: (eventId: string) => [...orderKeys.all, 'checkout-questions', eventId] as const,
  /** One order, as its buyer sees it (with the guest token or the account). */
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  /** Per user: one device may see several accounts. */
  mine: (userId: string) => [...orderKeys.all, 'mine', userId] as const,
  /** The account's tickets as this device keeps them (IndexedDB, not the network). */
  saved: (userId: string) => [...orderKeys.all, 'saved', userId] as const,
};
