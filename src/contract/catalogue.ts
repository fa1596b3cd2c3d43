import { z } from 'zod';
import {
  catalogueMaxCity,
  catalogueMaxPageSize,
  catalogueMaxWords,
  catalogueMessages,
  cataloguePageSize,
  catalogueWhens,
  isCalendarDate,
  isPageKey,
} from './catalogue-terms.ts';
import { eventCategorySchema, eventSummarySchema } from './events.ts';

const calendarDate = z.string().refine(isCalendarDate, catalogueMessages.date);
const cursor = z.string().refine(isPageKey, catalogueMessages.cursor);

/** `GET /catalogue`: every published event not yet over, soonest first, a page at a time. */
export const catalogueQuerySchema = z
  .object({
    q: z.string().trim().max(catalogueMaxWords, `Search with at most ${catalogueMaxWords} characters.`).optional(),
    category: eventCategorySchema.optional(),
    city: z
      .string()
      .trim()
      .min(1, 'Name a city.')
      .max(catalogueMaxCity, `A city has at most ${catalogueMaxCity} characters.`)
      .optional(),
    when: z.enum(catalogueWhens, { error: catalogueMessages.when }).optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    after: cursor.optional(),
    before: cursor.optional(),
    limit: z.coerce.number().int().min(1).max(catalogueMaxPageSize).default(cataloguePageSize),
  })
  .refine((query) => !(query.after && query.before), { path: ['before'], message: catalogueMessages.bothDirections })
  .refine((query) => !(query.when && (query.from || query.to)), { path: ['when'], message: catalogueMessages.whenAndDates })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: catalogueMessages.backwards });
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const catalogueSchema = z.object({
  items: z.array(eventSummarySchema),
  /** Events matching the filters, on every page. */
  total: z.number().int(),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
  /** The `before` of the previous page; null on the first. */
  previous: z.string().nullable(),
  /** The cities with the most events matching every filter but the city, most first: places to browse. */
  cities: z.array(z.object({ name: z.string(), events: z.number().int() })),
});
export type Catalogue = z.infer<typeof catalogueSchema>;
