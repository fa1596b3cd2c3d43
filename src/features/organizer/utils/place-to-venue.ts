import type { PlaceResult } from './maps-loader.ts';

export interface PlaceVenue {
  name: string | null;
  address: string;
  city: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
}

/** What a chosen place fills in: street address, city, country and coordinates (and its name, for a venue). */
export function placeToVenue(place: PlaceResult): PlaceVenue {
  const components = place.address_components ?? [];
  const find = (...types: string[]) =>
    types.map((type) => components.find((component) => component.types.includes(type))?.long_name).find(Boolean) ?? '';
  const street = [find('street_number'), find('route')].filter(Boolean).join(' ');
  const premise = find('premise', 'subpremise');
  const address = [premise, street].filter(Boolean).join(', ') || (place.formatted_address?.split(',')[0]?.trim() ?? '');
  const location = place.geometry?.location;
  const isEstablishment = Boolean(place.name) && !place.formatted_address?.startsWith(place.name ?? '');
  return {
    name: isEstablishment ? (place.name ?? null) : null,
    address,
    city: find('locality', 'postal_town', 'administrative_area_level_2', 'administrative_area_level_1'),
    country: find('country'),
    latitude: location ? Math.round(location.lat() * 1e6) / 1e6 : null,
    longitude: location ? Math.round(location.lng() * 1e6) / 1e6 : null,
  };
}
