import { z } from 'zod';

/** The longest door list one page prints; a bigger event is checked in with the scanner's search. */
export const doorListMaxRows = 5_000;

export const doorListParamsSchema = z.object({ eventId: z.uuid() });

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
    }),
  ),
  /** More valid tickets than `doorListMaxRows`: the list is cut there. */
  truncated: z.boolean(),
});
export type DoorList = z.infer<typeof doorListSchema>;
