import { describe, expect, it } from 'vitest';
import { placeToVenue } from './place-to-venue.ts';

describe('a chosen place as venue fields', () => {
  it('fills the street address, city, country and coordinates, and names an establishment', () => {
    const venue = placeToVenue({
      name: 'Albert Hall',
      formatted_address: '27 Peter St, Manchester M2 5QR, UK',
      address_components: [
        { long_name: '27', short_name: '27', types: ['street_number'] },
        { long_name: 'Peter Street', short_name: 'Peter St', types: ['route'] },
        { long_name: 'Manchester', short_name: 'Manchester', types: ['locality', 'political'] },
        { long_name: 'United Kingdom', short_name: 'GB', types: ['country', 'political'] },
      ],
      geometry: { location: { lat: () => 53.4781234567, lng: () => -2.2489876543 } },
    });
    expect(venue).toEqual({
      name: 'Albert Hall',
      address: '27 Peter Street',
      city: 'Manchester',
      country: 'United Kingdom',
      latitude: 53.478123,
      longitude: -2.248988,
    });
  });

  it('uses the postal town and the first part of the address when there is no street', () => {
    const venue = placeToVenue({
      name: 'Pier 8',
      formatted_address: 'Pier 8, The Quays, Salford, UK',
      address_components: [
        { long_name: 'Salford', short_name: 'Salford', types: ['postal_town'] },
        { long_name: 'United Kingdom', short_name: 'GB', types: ['country'] },
      ],
    });
    expect(venue).toMatchObject({ name: null, address: 'Pier 8', city: 'Salford', latitude: null, longitude: null });
  });
});
