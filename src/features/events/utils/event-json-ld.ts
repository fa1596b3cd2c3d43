import type { Event } from '#contract/events.ts';
import { decimalAmount } from '#contract/money.ts';

const schema = (name: string) => `https://schema.org/${name}`;

/** schema.org/Event for search engines: dates, place, organiser and one offer per public ticket type. */
export function eventJsonLd(
  event: Event,
  pageUrl: string,
  organizerUrl: string,
  imageUrl: string | null,
): Record<string, unknown> {
  const location = event.isOnline
    ? { '@type': 'VirtualLocation', url: pageUrl }
    : event.venue
      ? {
          '@type': 'Place',
          name: event.venue.name,
          address: {
            '@type': 'PostalAddress',
            streetAddress: event.venue.address,
            addressLocality: event.venue.city,
            ...(event.venue.country ? { addressCountry: event.venue.country } : {}),
          },
          ...(event.venue.latitude !== null && event.venue.longitude !== null
            ? { geo: { '@type': 'GeoCoordinates', latitude: event.venue.latitude, longitude: event.venue.longitude } }
            : {}),
        }
      : undefined;
  const offers = event.ticketTypes
    .filter((type) => !type.hidden)
    .map((type) => ({
      '@type': 'Offer',
      name: type.name,
      price: decimalAmount(type.price, type.currency),
      priceCurrency: type.currency,
      availability: schema(type.available > 0 ? 'InStock' : 'SoldOut'),
      url: pageUrl,
      ...(type.salesStart ? { validFrom: type.salesStart } : {}),
    }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.summary || event.title,
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: schema(event.status === 'cancelled' ? 'EventCancelled' : 'EventScheduled'),
    eventAttendanceMode: schema(event.isOnline ? 'OnlineEventAttendanceMode' : 'OfflineEventAttendanceMode'),
    url: pageUrl,
    ...(location ? { location } : {}),
    ...(imageUrl ? { image: [imageUrl] } : {}),
    organizer: { '@type': 'Organization', name: event.organizer.name, url: organizerUrl },
    ...(offers.length > 0 ? { offers } : {}),
  };
}
