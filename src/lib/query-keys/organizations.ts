/** The public organisation profiles' query keys. */
export const organizationKeys = {
  all: ['organizations'] as const,
  details: () => [...organizationKeys.all, 'detail'] as const,
  detail: (organizationId: string) => [...organizationKeys.details(), organizationId] as const,
};
