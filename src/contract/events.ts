import { z } from 'zod';
import { type EventCategory, eventCategories } from './event-categories.ts';
import { eventListTerms } from './event-list-terms.ts';
import { refundPolicySchema } from './refund-policy.ts';
import { transferCutoffSchema } from './ticket-transfers.ts';
import { timezoneSchema } from './time-zone.ts';
import { httpUrlSchema } from './users.ts';

export const eventCategorySchema = z.enum(eventCategories);
export type { EventCategory };

export const eventStatusSchema = z.enum(['draft', 'published', 'cancelled']);
export type EventStatus = z.infer<typeof eventStatusSchema>;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time.' });

/** Money is integer minor units (pence, cents) plus an ISO 4217 currency. */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, e.g. GBP.');

/** Tickets a buyer may take in one order, at least and at most. */
const perOrder = z
  .number()
  .int('Enter a whole number.')
  .min(1, 'At least 1 ticket per order.')
  .max(100, 'At most 100 tickets per order.');

/** Instants compared as instants: the same moment may be written with different offsets. */
const instant = (iso: string) => Date.parse(iso);

export const ticketTypeInputSchema = z
  .object({
    id: z.uuid().optional(),
    name: z.string().trim().min(1, 'Name the ticket type.').max(80),
    description: z.string().trim().max(500).default(''),
    // Minor units: 100,000.00 in the two-decimal currencies organisers sell in (money.ts, ticketCurrencies).
    price: z
      .number()
      .int('Use minor units (pence), a whole number.')
      .min(0, 'Enter a price of 0 or more.')
      .max(100_000_00, 'At most 100,000.00 a ticket.'),
    currency: currencySchema,
    capacity: z.number().int('Enter a whole number.').min(1, 'At least 1 ticket.').max(1_000_000, 'At most 1,000,000 tickets.'),
    minPerOrder: perOrder.default(1),
    maxPerOrder: perOrder.default(10),
    salesStart: isoDateTime.nullable().optional(),
    salesEnd: isoDateTime.nullable().optional(),
    hidden: z.boolean().default(false),
  })
  .refine((value) => value.maxPerOrder >= value.minPerOrder, { path: ['maxPerOrder'], message: 'Must be at least the minimum.' })
  .refine((value) => !value.salesStart || !value.salesEnd || instant(value.salesEnd) > instant(value.salesStart), {
    path: ['salesEnd'],
    message: 'Sales must end after they start.',
  });
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;

export const salesStartAfterEventMessage = 'Sales must start before the event ends.';
export const salesEndAfterEventMessage = 'Sales must end by the time the event ends. Leave it blank to sell until then.';

/**
 * Where ticket types' sales windows reach past the event's end: nothing sells once an event has ended
 * (checkout refuses it), so a window opening after the end could never sell, and one closing after it
 * would promise sales that checkout refuses. Paths are relative to the list of ticket types.
 */
export function salesWindowProblems(
  endsAt: string | Date,
  ticketTypes: readonly { salesStart?: string | null; salesEnd?: string | null }[],
): { path: [number, 'salesStart' | 'salesEnd']; message: string }[] {
  const end = typeof endsAt === 'string' ? instant(endsAt) : endsAt.getTime();
  if (Number.isNaN(end)) return [];
  return ticketTypes.flatMap((type, index) => [
    ...(type.salesStart && instant(type.salesStart) >= end
      ? [{ path: [index, 'salesStart'] as [number, 'salesStart'], message: salesStartAfterEventMessage }]
      : []),
    ...(type.salesEnd && instant(type.salesEnd) > end
      ? [{ path: [index, 'salesEnd'] as [number, 'salesEnd'], message: salesEndAfterEventMessage }]
      : []),
  ]);
}

/**
 * The sales-window rule as a schema check, for a body holding the event's end and its ticket types. A check
 * runs even when fields failed; it judges only an end and ticket types that are themselves valid.
 */
function checkSalesWindows(ctx: z.core.ParsePayload<{ endsAt?: string; ticketTypes?: readonly TicketTypeInput[] }>) {
  const { endsAt, ticketTypes } = ctx.value;
  if (typeof endsAt !== 'string' || !Array.isArray(ticketTypes)) return;
  if (ctx.issues.some((issue) => issue.path?.[0] === 'endsAt' || issue.path?.[0] === 'ticketTypes')) return;
  for (const problem of salesWindowProblems(endsAt, ticketTypes)) {
    ctx.issues.push({ code: 'custom', input: ctx.value, path: ['ticketTypes', ...problem.path], message: problem.message });
  }
}

const latitudeMessage = 'A latitude is between -90 and 90.';
const longitudeMessage = 'A longitude is between -180 and 180.';

/**
 * A coordinate to seven decimal places (about a centimetre): finer than any map, and a number the database can
 * read back, which a subnormal one such as 5e-324 is not (PostgreSQL refuses it as an underflow).
 */
const toCentimetres = (degrees: number) => Math.round(degrees * 1e7) / 1e7 || 0;
/** The same, before a body's coordinate is validated: anything that is not a finite number is left to be refused. */
const centimetresOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? toCentimetres(value) : value);

export const venueSchema = z.object({
  name: z.string().trim().min(1, 'Name the venue.').max(120),
  address: z.string().trim().min(1, 'Enter the address.').max(300),
  city: z.string().trim().min(1, 'Enter the city.').max(80),
  country: z.string().trim().max(80).default(''),
  latitude: z.preprocess(centimetresOf, z.number().min(-90, latitudeMessage).max(90, latitudeMessage)).nullable().default(null),
  longitude: z
    .preprocess(centimetresOf, z.number().min(-180, longitudeMessage).max(180, longitudeMessage))
    .nullable()
    .default(null),
});

/** The fields of an event as they may be changed: no defaults, so a change leaves what it omits alone. */
const eventChanges = {
  title: z.string().trim().min(3, 'At least 3 characters.').max(120),
  summary: z.string().trim().max(280),
  description: z.string().max(20_000),
  category: eventCategorySchema,
  coverImageKey: z.string().max(300).nullable(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  timezone: timezoneSchema,
  isOnline: z.boolean(),
  onlineUrl: httpUrlSchema.nullable(),
  venue: venueSchema.nullable(),
  /** The door admits TEST tickets (paid in the payment sandbox) while this is on: for rehearsing the door. */
  testMode: z.boolean(),
  /** What buyers are told about refunds before they pay (decision 067); once set, it is changed, never removed. */
  refundPolicy: refundPolicySchema,
  /** Buyers may cancel within the policy themselves from their booking (decision 068); else they ask the organiser. */
  buyerCancellation: z.boolean('Choose whether buyers may cancel themselves.'),
  /** Holders may pass tickets on until this many hours before the start; null: they may not (decision 069). */
  transferCutoffHours: transferCutoffSchema,
};

/** A new event starts from these when a field is left out. */
const eventFields = {
  ...eventChanges,
  summary: eventChanges.summary.default(''),
  description: eventChanges.description.default(''),
  coverImageKey: eventChanges.coverImageKey.default(null),
  onlineUrl: eventChanges.onlineUrl.default(null),
  venue: eventChanges.venue.default(null),
  testMode: eventChanges.testMode.default(false),
  refundPolicy: eventChanges.refundPolicy.nullable().default(null),
  buyerCancellation: eventChanges.buyerCancellation.default(true),
  transferCutoffHours: eventChanges.transferCutoffHours.default(0),
};

export const placeMessage = 'Give a venue, or a link for an online event.';

/** An event happens somewhere: at a venue, or online at a link. */
export const placeRule = (value: { isOnline?: boolean; venue?: unknown; onlineUrl?: unknown }) =>
  value.isOnline ? Boolean(value.onlineUrl) : Boolean(value.venue);

export const createEventSchema = z
  .object({
    organizationId: z.uuid(),
    ...eventFields,
    ticketTypes: z.array(ticketTypeInputSchema).max(20).default([]),
  })
  .refine((value) => instant(value.endsAt) > instant(value.startsAt), {
    path: ['endsAt'],
    message: 'The end must be after the start.',
  })
  .refine(placeRule, { path: ['venue'], message: placeMessage })
  .check(checkSalesWindows);
export type CreateEvent = z.infer<typeof createEventSchema>;

export const updateEventSchema = z
  .object({ ...eventChanges, ticketTypes: z.array(ticketTypeInputSchema).max(20) })
  .partial()
  .refine((value) => !value.startsAt || !value.endsAt || instant(value.endsAt) > instant(value.startsAt), {
    path: ['endsAt'],
    message: 'The end must be after the start.',
  })
  // Only with both in the body; the server judges ticket types or an end sent alone against what is saved.
  .check(checkSalesWindows);
export type UpdateEvent = z.infer<typeof updateEventSchema>;

export const ticketTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  currency: z.string(),
  capacity: z.number().int(),
  /** Tickets buyers can still get: of its own capacity, or fewer when places it shares with other types run out first. */
  available: z.number().int(),
  /** Tickets of its own capacity sold or held for payment, for the event's organisation; null for everyone else. */
  taken: z.number().int().nullable(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  hidden: z.boolean(),
  onSale: z.boolean(),
  /** Sold out, and buyers may join its waiting list (decision 063); places that come back go to the list first. */
  waitingList: z.boolean(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const eventOrganizerSchema = z.object({ id: z.uuid(), name: z.string(), city: z.string().nullable() });

export const eventSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  summary: z.string(),
  category: eventCategorySchema,
  status: eventStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  isOnline: z.boolean(),
  venueName: z.string().nullable(),
  city: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  /** The cover's sized copies (`url width` pairs), for `srcset`; null without a cover. */
  coverImageSrcSet: z.string().nullable(),
  priceFrom: z.number().int().nullable(),
  currency: z.string().nullable(),
  soldOut: z.boolean(),
  organizer: eventOrganizerSchema,
  distanceKm: z.number().nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventSchema = eventSummarySchema.extend({
  description: z.string(),
  coverImageKey: z.string().nullable(),
  venue: venueSchema.nullable(),
  /** Revealed to the organisation and, later, to ticket holders only. */
  onlineUrl: z.string().nullable(),
  ticketTypes: z.array(ticketTypeSchema),
  publishedAt: z.string().nullable(),
  ticketsSold: z.number().int(),
  testMode: z.boolean(),
  /** Null for events made before policies existed, until their organiser sets one (decision 067). */
  refundPolicy: refundPolicySchema.nullable(),
  /** Buyers may cancel within the policy themselves (decision 068). */
  buyerCancellation: z.boolean().default(true),
  /** Holders may pass tickets on until this many hours before the start; null: they may not (decision 069). */
  transferCutoffHours: z.number().int().nullable().default(null),
});
export type Event = z.infer<typeof eventSchema>;

/** `true` or `false` in a query string. */
export const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const eventListQuerySchema = z.object({
  q: z.string().trim().max(eventListTerms.maxWords).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  category: eventCategorySchema.optional(),
  city: z.string().trim().max(eventListTerms.maxCity).optional(),
  lat: z.coerce.number().min(-90).max(90).transform(toCentimetres).optional(),
  lng: z.coerce.number().min(-180).max(180).transform(toCentimetres).optional(),
  radiusKm: z.coerce
    .number()
    .min(eventListTerms.radiusKm.min)
    .max(eventListTerms.radiusKm.max)
    .default(eventListTerms.radiusKm.default),
  price: z.enum(eventListTerms.prices).optional(),
  online: booleanQuery.optional(),
  includePast: booleanQuery.default(false),
  organizationId: z.uuid().optional(),
  sort: z.enum(eventListTerms.sorts).default('date'),
  page: z.coerce.number().int().min(1).max(eventListTerms.page.max).default(1),
  pageSize: z.coerce.number().int().min(1).max(eventListTerms.pageSize.max).default(eventListTerms.pageSize.default),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const eventListSchema = z.object({
  items: z.array(eventSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type EventList = z.infer<typeof eventListSchema>;

/** An event in its organisation's own list: with its sales, which the public listing does not show. */
export const organizerEventSummarySchema = eventSummarySchema.extend({
  ticketsSold: z.number().int(),
  capacity: z.number().int(),
  testMode: z.boolean(),
});
export type OrganizerEventSummary = z.infer<typeof organizerEventSummarySchema>;

export const organizerEventListSchema = eventListSchema.extend({ items: z.array(organizerEventSummarySchema) });
export type OrganizerEventList = z.infer<typeof organizerEventListSchema>;

export const eventParamsSchema = z.object({ eventId: z.uuid('Not a valid event id.') });
