/** An organisation's verification and payouts; its mutations replace this entry and nothing else. */
export const verificationKeys = {
  all: ['verification'] as const,
  detail: (organizationId: string) => [...verificationKeys.all, organizationId] as const,
};
