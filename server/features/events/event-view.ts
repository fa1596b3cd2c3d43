import type { Event, EventCategory } from '../../../src/contract/events.ts';
import type { ImageLinks } from '../../lib/storage/image-url.ts';
import { availableOf, type QuotaOfTypes, toTicketType } from '../../lib/ticket-type-view.ts';
import type { WaitingState } from '../../lib/waiting-list-state.ts';
import type { EventRow, TicketTypeRow } from './events.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function toEvent(
  row: EventRow,
  types: TicketTypeRow[],
  options: { images: ImageLinks; isMember: boolean; now: Date; quotas: readonly QuotaOfTypes[]; waiting?: WaitingState },
): Event {
  const { quotas } = options;
  const visible = options.isMember ? types : types.filter((type) => !type.hidden);
  const priced = visible.filter((type) => !type.hidden);
  const cheapest = priced.reduce<TicketTypeRow | null>(
    (best, type) => (best === null || type.price < best.price ? type : best),
    null,
  );
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    description: row.description,
    category: row.category as EventCategory,
    status: row.status,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    timezone: row.timezone,
    isOnline: row.is_online,
    venueName: row.venue_name,
    city: row.city,
    coverImageKey: row.cover_image_key,
    coverImageUrl: options.images.url(row.cover_image_key),
    coverImageSrcSet: options.images.srcSet(row.cover_image_key),
    priceFrom: cheapest?.price ?? null,
    currency: cheapest?.currency ?? null,
    soldOut: priced.length > 0 && priced.every((type) => availableOf(type, quotas) === 0),
    organizer: { id: row.organization_id, name: row.organization_name, city: row.organization_city },
    distanceKm: null,
    venue: row.venue_name
      ? {
          name: row.venue_name,
          address: row.address ?? '',
          city: row.city ?? '',
          country: row.country ?? '',
          latitude: row.latitude,
          longitude: row.longitude,
        }
      : null,
    onlineUrl: options.isMember ? row.online_url : null,
    ticketTypes: visible.map((type) => ({
      ...toTicketType(type, options.now, quotas, options.waiting),
      // What its own capacity has sold or held: the editor keeps a type with sales from being removed.
      taken: options.isMember ? type.taken : null,
    })),
    publishedAt: isoOrNull(row.published_at),
    ticketsSold: types.reduce((sum, type) => sum + type.taken - type.held, 0),
    testMode: row.test_mode,
    refundPolicy: row.refund_policy,
    buyerCancellation: row.buyer_cancellation,
    transferCutoffHours: row.transfer_cutoff_hours,
  };
}
