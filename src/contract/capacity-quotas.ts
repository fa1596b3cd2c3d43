import { z } from 'zod';

// Capacity shared across ticket types (decision 061): places a chosen set of an event's ticket types share ("Early
// bird" and "Standard" share 300 floor places), and the event's own capacity over all of them (the venue). A ticket
// counts in every quota its type belongs to; a sale stops at the first one that is full.

/** Quotas one event may have, its capacity included: far more than a venue has areas. */
export const maxQuotasPerEvent = 50;

export const capacityQuotaInputSchema = z.object({
  name: z
    .string({ error: 'Give the places a name, e.g. Floor.' })
    .trim()
    .min(1, 'Give the places a name, e.g. Floor.')
    .max(80, 'A name has at most 80 characters.'),
  capacity: z
    .number({ error: 'Places are a whole number, e.g. 300.' })
    .int('Places are a whole number, e.g. 300.')
    .min(0, 'Places are 0 or more.')
    .max(1_000_000, 'Places are at most 1,000,000.'),
  /** The event's own capacity: it holds every ticket type of the event, those added later too. */
  allTypes: z.boolean({ error: 'Say whether these are the event’s places (true or false).' }).default(false),
  /** The ticket types that share the places; ignored (and answered empty) for the event's capacity. */
  ticketTypeIds: z
    .array(z.uuid('Choose ticket types of this event.'), { error: 'Choose ticket types of this event.' })
    .max(100, 'Choose at most 100 ticket types.')
    .default([]),
});
export type CapacityQuotaInput = z.infer<typeof capacityQuotaInputSchema>;

/** The problems of a quota's settings that its fields alone do not show, each with the field it names. */
export function capacityQuotaProblems(input: CapacityQuotaInput): { path: string; message: string }[] {
  if (!input.allTypes && input.ticketTypeIds.length === 0) {
    return [{ path: 'ticketTypeIds', message: 'Choose the ticket types that share these places.' }];
  }
  return [];
}

export const capacityQuotaSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  capacity: z.number().int(),
  allTypes: z.boolean(),
  ticketTypeIds: z.array(z.uuid()),
  /** Tickets of its types taken from its places: sold, or held for a buyer who is paying. */
  taken: z.number().int(),
  held: z.number().int(),
  sold: z.number().int(),
  /** Places neither sold nor held. */
  left: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CapacityQuota = z.infer<typeof capacityQuotaSchema>;

export const capacityQuotaListSchema = z.object({
  /** The event's capacity first, then the shared places by name; at most `maxQuotasPerEvent`. */
  items: z.array(capacityQuotaSchema),
});
export type CapacityQuotaList = z.infer<typeof capacityQuotaListSchema>;

export const capacityQuotaParamsSchema = z.object({
  eventId: z.uuid('Not a valid event id.'),
  quotaId: z.uuid('Not a valid id of shared places.'),
});

/** "A", "A and B", "A, B and C". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What a buyer is told when a quota has too few places left for their order. */
export function quotaFullMessage(quota: { allTypes: boolean; typeNames: readonly string[] }, left: number): string {
  const places = left === 1 ? '1 place is' : `${left} places are`;
  if (quota.allTypes) return left === 0 ? 'This event is sold out.' : `Only ${places} left at this event.`;
  const names = namesInWords(quota.typeNames);
  if (left === 0) return quota.typeNames.length === 1 ? `${names} is sold out.` : `${names} are sold out.`;
  return `Only ${places} left ${quota.typeNames.length === 1 ? 'for' : 'across'} ${names}.`;
}
