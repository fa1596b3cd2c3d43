/** The organiser dashboard's and reports' query keys. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** Every view of an organisation's dashboard (whole organisation or one event). */
  organization: (organizationId: string) => [...dashboardKeys.all, organizationId] as const,
  view: (organizationId: string, eventId: string | null) => [...dashboardKeys.organization(organizationId), { eventId }] as const,
};
