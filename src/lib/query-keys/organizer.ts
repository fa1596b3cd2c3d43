/** The organiser area's query keys; its mutations update or invalidate these and nothing else. */
export const organizerKeys = {
  all: ['organizer'] as const,
  /** Every list of an organisation's events (any search). */
  eventLists: (organizationId: string) => [...organizerKeys.all, 'events', organizationId] as const,
  eventList: (organizationId: string, q: string) => [...organizerKeys.eventLists(organizationId), { q }] as const,
  /** One event as its organisation sees it: drafts, hidden ticket types, the online link, sales. */
  event: (eventId: string) => [...organizerKeys.all, 'event', eventId] as const,
  organization: (organizationId: string) => [...organizerKeys.all, 'organization', organizationId] as const,
  /** Members and open invitations, for owners and managers. */
  team: (organizationId: string) => [...organizerKeys.all, 'team', organizationId] as const,
  /** Every list of an event's discount and access codes (any search, page or archive view). */
  discountCodes: (eventId: string) => [...organizerKeys.all, 'discount-codes', eventId] as const,
  discountCodeList: (eventId: string, query: { search: string; archived: boolean; page: number }) =>
    [...organizerKeys.discountCodes(eventId), query] as const,
  /** An event's capacity and the places its ticket types share, with their counts. */
  capacityQuotas: (eventId: string) => [...organizerKeys.all, 'capacity-quotas', eventId] as const,
  /** An event's waiting list: its settings, the counts per ticket type and the people on it. */
  waitingList: (eventId: string) => [...organizerKeys.all, 'waiting-list', eventId] as const,
  /** The questions an event asks buyers at checkout, and until when buyers may correct their answers. */
  questions: (eventId: string) => [...organizerKeys.all, 'questions', eventId] as const,
  /** An event's messages to its attendees, with the organisation's rate, whether they wait for approval and the reply-to. */
  messages: (eventId: string) => [...organizerKeys.all, 'messages', eventId] as const,
  /** How many people and tickets an audience reaches now; under the messages, so sending one counts again. */
  messageAudience: (eventId: string, audience: unknown) => [...organizerKeys.messages(eventId), 'audience', audience] as const,
  /** The people a message goes to, with how each one's mail went; under the messages, so stopping one reads them again. */
  messageRecipients: (eventId: string, messageId: string, status: string) =>
    [...organizerKeys.messages(eventId), 'recipients', messageId, { status }] as const,
  /** What an invitation link is, for the person who opened it. */
  invitation: (token: string) => [...organizerKeys.all, 'invitation', token] as const,
};
