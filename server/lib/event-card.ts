import { type Selectable, sql } from 'kysely';
import type { EventCategory, EventStatus, EventSummary } from '../../src/contract/events.ts';
import type { EventsTable } from '../db/types.ts';
import { typeLeftSql } from './capacity-quotas.ts';
import type { ImageLinks } from './storage/image-url.ts';

// An event card shows the same facts in the listings, the catalogue and a user's bookmarks: each selects them
// with its own query and builds the card from them here.

/**
 * What an event card needs besides the event row: organiser, cheapest visible price, and tickets left, summed over
 * the visible types each as available as its quotas allow (so places two types share count twice: the card only asks
 * whether anything is left).
 */
export function listingColumns() {
  return [
    'organizations.name as organization_name',
    'organizations.city as organization_city',
    sql<number | null>`(select min(t.price) from ticket_types t where t.event_id = events.id and not t.hidden)`.as('price_from'),
    sql<string | null>`(select min(t.currency) from ticket_types t where t.event_id = events.id and not t.hidden)`.as('currency'),
    sql<number>`(select coalesce(sum(${typeLeftSql('t')}), 0) from ticket_types t where t.event_id = events.id and not t.hidden)`.as(
      'available',
    ),
  ] as const;
}

/** An event's row with `listingColumns` and its distance from the place searched (null when none was). */
export type EventCardRow = Pick<
  Selectable<EventsTable>,
  | 'id'
  | 'organization_id'
  | 'title'
  | 'summary'
  | 'category'
  | 'status'
  | 'starts_at'
  | 'ends_at'
  | 'timezone'
  | 'is_online'
  | 'venue_name'
  | 'city'
  | 'cover_image_key'
> & {
  organization_name: string;
  organization_city: string | null;
  price_from: number | null;
  currency: string | null;
  available: number;
  distance_km: number | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export function toEventSummary(row: EventCardRow, images: ImageLinks): EventSummary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category as EventCategory,
    status: row.status as EventStatus,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    timezone: row.timezone,
    isOnline: row.is_online,
    venueName: row.venue_name,
    city: row.city,
    coverImageUrl: images.url(row.cover_image_key),
    coverImageSrcSet: images.srcSet(row.cover_image_key),
    priceFrom: row.price_from === null ? null : Number(row.price_from),
    currency: row.currency,
    soldOut: Number(row.available) <= 0,
    organizer: { id: row.organization_id, name: row.organization_name, city: row.organization_city },
    distanceKm: row.distance_km === null ? null : Math.round(Number(row.distance_km) * 10) / 10,
  };
}
