import type { Event } from '#contract/events.ts';
import { mapPointUrl, mapSearchUrl } from '#contract/maps.ts';
import { OutboundLink } from '#lib/outbound-link.tsx';
import { CopyAddressButton } from './event-actions.tsx';

/**
 * Where the event happens: the venue's address, linked to OpenStreetMap at its coordinates (or to a search
 * for the address when it has none); or the note that an online event's link goes to ticket holders.
 */
export function VenueDetails({ event }: { event: Pick<Event, 'isOnline' | 'venue'> }) {
  if (event.isOnline || !event.venue) {
    return (
      <p className="text-slate-800">
        <span className="font-semibold">Online event</span> — the link is sent to ticket holders.
      </p>
    );
  }
  const { venue } = event;
  const addressLines = [venue.address, venue.city, venue.country].filter(Boolean);
  const fullAddress = [venue.name, ...addressLines].join(', ');
  const map =
    venue.latitude !== null && venue.longitude !== null
      ? mapPointUrl(venue.latitude, venue.longitude)
      : mapSearchUrl(addressLines.join(', '));
  return (
    <div className="space-y-3">
      <address className="not-italic text-slate-800">
        <span className="block font-semibold text-slate-900">{venue.name}</span>
        <OutboundLink href={map} className="group block">
          {addressLines.map((line) => (
            <span
              key={line}
              className="block underline decoration-slate-400 underline-offset-4 group-hover:decoration-indigo-700"
            >
              {line}
            </span>
          ))}
          <span className="mt-1 block font-semibold text-indigo-700 text-sm">
            Show on the map<span className="sr-only"> (OpenStreetMap, opens in a new tab)</span>
          </span>
        </OutboundLink>
      </address>
      <CopyAddressButton address={fullAddress} />
    </div>
  );
}
