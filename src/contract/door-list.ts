import { z } from 'zod';

/** The longest door list one page prints; a bigger event is checked in with the scanner's search. */
export const doorListMaxRows = 5_000;

export const doorListParamsSchema = z.object({ eventId: z.uuid() });
/** `question`: a question shown at the door (decision 064) whose answers the list prints as a column. */
export const doorListQuerySchema = z.object({ question: z.uuid('Not a valid question id.').optional() });

/** An event's attendees on paper, for the door: valid tickets of paid orders, by surname. */
export const doorListSchema = z.object({
  event: z.object({ id: z.uuid(), title: z.string(), startsAt: z.string(), timeZone: z.string(), venue: z.string() }),
  attendees: z.array(
    z.object({
      name: z.string(),
      /** The word the list is sorted by: the name's last word. */
      surname: z.string(),
      ticketType: z.string(),
      /** The ticket's short code (decision 052), which the scanner's field takes when a QR code will not scan. */
      shortCode: z.string(),
      order: z.string(),
      checkedIn: z.boolean(),
      test: z.boolean(),
      /** The ticket's answer to the chosen question in words ('' when none); absent without one. */
      answer: z.string().optional(),
    }),
  ),
  /** The question whose answers are printed, when one was chosen. */
  question: z.object({ id: z.uuid(), label: z.string() }).optional(),
  /** More valid tickets than `doorListMaxRows`: the list is cut there. */
  truncated: z.boolean(),
});
export type DoorList = z.infer<typeof doorListSchema>;
