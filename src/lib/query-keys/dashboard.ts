/** The organiser dashboard's and reports' query keys. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** Every view of an organisation's dashboard (whole organisation or one event). */
  organization: (organizationId: string) => [...dashboardKeys.all, organizationId] as const,
  view: (organizationId: string, eventId: string | null) => [...dashboardKeys.organization(organizationId), { eventId }] as const,
  /** One page of a report on screen. */
  report: (organizationId: string, kind: string, query: object) =>
    [...dashboardKeys.organization(organizationId), 'report', kind, query] as const,
  /** The organisation's mailed reports. */
  reportMails: (organizationId: string) => [...dashboardKeys.organization(organizationId), 'report-mails'] as const,
  /** An event's door list. */
  doorList: (eventId: string) => [...dashboardKeys.all, 'door-list', eventId] as const,
};
