/** The map the product links to: OpenStreetMap, opened as a page of its own (no script or tile of it runs in Admit). */
export const mapOrigin = 'https://www.openstreetmap.org';

/** OpenStreetMap centred on a point, with a marker on it. */
export const mapPointUrl = (latitude: number, longitude: number) =>
  `${mapOrigin}/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;

/** OpenStreetMap's search for an address, for a place without coordinates. */
export const mapSearchUrl = (address: string) => `${mapOrigin}/search?query=${encodeURIComponent(address)}`;
