import { z } from 'zod';
import { buyerSchema } from './orders.ts';

// An event's waiting list (decision 063): when a ticket type is sold out, a buyer with a proven email joins its list
// for a number of tickets. Places that come back (a hold lapses, an order is refunded or cancelled, capacity is raised)
// are offered in arrival order: the next person's offer holds the places for the hours the organiser chose, and an
// offer not taken in time passes to the next person. While anyone waits for a type, its places go to the list first.

/** Hours an offer holds its places, at least and at most (the organiser picks; 24 by default). */
export const offerHoursRange = { min: 1, max: 168, default: 24 } as const;
/** Tickets one person may ask for on one list: as many as one buyer may hold of an event. */
export const maxWaitingQuantity = 10;

/**
 * unconfirmed: a guest who has not opened the mail that proves their email yet (not in the queue);
 * waiting: in the queue, in order of when they joined (or proved their email);
 * offered: places are held for them until `offerExpiresAt`; accepted: they booked with the offer;
 * lapsed: the offer ran out unused and passed on; left: they left the list; removed: the organiser removed them.
 */
export const waitingEntryStatusSchema = z.enum(['unconfirmed', 'waiting', 'offered', 'accepted', 'lapsed', 'left', 'removed']);
export type WaitingEntryStatus = z.infer<typeof waitingEntryStatusSchema>;

export const waitingListSettingsSchema = z.object({
  /** Buyers may join the lists of the event's sold-out ticket types. */
  enabled: z.boolean({ error: 'Say whether buyers may join the waiting list (true or false).' }),
  /** Places that come back are offered at once, in order; off, the organiser offers them by hand. */
  automatic: z.boolean({ error: 'Say whether places are offered automatically (true or false).' }),
  offerHours: z
    .number({ error: `Hours an offer holds places are a whole number from ${offerHoursRange.min} to ${offerHoursRange.max}.` })
    .int(`Hours an offer holds places are a whole number from ${offerHoursRange.min} to ${offerHoursRange.max}.`)
    .min(offerHoursRange.min, `An offer holds places for at least ${offerHoursRange.min} hour.`)
    .max(offerHoursRange.max, `An offer holds places for at most ${offerHoursRange.max} hours (a week).`),
});
export type WaitingListSettings = z.infer<typeof waitingListSettingsSchema>;

export const joinWaitingListSchema = z.object({
  eventId: z.uuid('Not a valid event id.'),
  ticketTypeId: z.uuid('Choose a ticket type of this event.'),
  quantity: z
    .number({ error: 'Choose how many tickets you want.' })
    .int('Choose a whole number of tickets.')
    .min(1, 'Choose at least 1 ticket.')
    .max(maxWaitingQuantity, `You can wait for at most ${maxWaitingQuantity} tickets.`),
  buyer: buyerSchema,
});
export type JoinWaitingList = z.infer<typeof joinWaitingListSchema>;

/** What joining answers: in the queue (its place in it), or waiting for the mailed link that proves the email. */
export const waitingListJoinedSchema = z.object({
  status: z.enum(['waiting', 'unconfirmed']),
  /** Their place in the type's queue (1 = next), once in it. */
  position: z.number().int().nullable(),
  email: z.string(),
  ticketTypeName: z.string(),
  quantity: z.number().int(),
});
export type WaitingListJoined = z.infer<typeof waitingListJoinedSchema>;

/** The secret of a link mailed to a person on the list: to prove their email, leave, or see and take an offer. */
export const waitingTokenSchema = z.object({
  token: z.string().trim().min(20, 'This link is not complete: open it from the mail again.').max(200),
});

/** One person's place on a list, as the link in their mail shows it. */
export const waitingEntryViewSchema = z.object({
  status: waitingEntryStatusSchema,
  position: z.number().int().nullable(),
  email: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Places held for them by an offer (may be fewer than asked when fewer came back). */
  offeredQuantity: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  orderId: z.uuid().nullable(),
  event: z.object({
    id: z.uuid(),
    title: z.string(),
    startsAt: z.string(),
    timezone: z.string(),
    venueName: z.string().nullable(),
    city: z.string().nullable(),
  }),
  ticketType: z.object({ id: z.uuid(), name: z.string(), price: z.number().int(), currency: z.string() }),
});
export type WaitingEntryView = z.infer<typeof waitingEntryViewSchema>;

export const waitingEntrySchema = z.object({
  id: z.uuid(),
  /** Place in its type's queue while waiting (1 = next); null otherwise. */
  position: z.number().int().nullable(),
  status: waitingEntryStatusSchema,
  email: z.string(),
  name: z.string(),
  ticketTypeId: z.uuid(),
  ticketTypeName: z.string(),
  quantity: z.number().int(),
  offeredQuantity: z.number().int().nullable(),
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  orderId: z.uuid().nullable(),
  joinedAt: z.string(),
});
export type WaitingEntry = z.infer<typeof waitingEntrySchema>;

export const waitingTypeCountSchema = z.object({
  ticketTypeId: z.uuid(),
  name: z.string(),
  /** People in the queue, and the tickets they want. */
  waiting: z.number().int(),
  waitingTickets: z.number().int(),
  /** Offers outstanding, and the places they hold. */
  offered: z.number().int(),
  offeredTickets: z.number().int(),
  /** Places buyers could take now that no one holds: offered next when the list is automatic. */
  free: z.number().int(),
});

export const waitingListSchema = z.object({
  settings: waitingListSettingsSchema,
  types: z.array(waitingTypeCountSchema),
  /** Everyone waiting or offered, in queue order, then the latest of the others (at most 500 in all). */
  entries: z.array(waitingEntrySchema),
});
export type WaitingList = z.infer<typeof waitingListSchema>;

export const waitingEntryParamsSchema = z.object({
  eventId: z.uuid('Not a valid event id.'),
  entryId: z.uuid('Not a valid waiting list entry.'),
});

/** An offer made by hand: of the places free now, up to what the person asked for. */
export const manualOfferSchema = z.object({
  quantity: z
    .number({ error: 'Choose how many places to offer.' })
    .int('Choose a whole number of places.')
    .min(1, 'Offer at least 1 place.')
    .max(maxWaitingQuantity, `Offer at most ${maxWaitingQuantity} places.`)
    .optional(),
});
