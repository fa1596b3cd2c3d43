import { z } from 'zod';
import { eventSummarySchema } from './events.ts';

export const bookmarkSchema = z.object({
  event: eventSummarySchema,
  bookmarkedAt: z.string(),
  /** The event has ended; kept in the list, marked as past. */
  past: z.boolean(),
});
export const bookmarkListSchema = z.object({ items: z.array(bookmarkSchema) });
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const bookmarkStateSchema = z.object({ eventId: z.uuid(), bookmarked: z.boolean() });
