import type { EventCategory } from '../../src/contract/events.ts';

export interface SeedEvent {
  organisation: 'Northern Lights Live' | 'Harbour Arts Collective';
  cover: string;
  title: string;
  summary: string;
  description: string;
  category: EventCategory;
  /** Days from today (0 = today) and the local start hour; the seed keeps dates current. */
  day: number | 'saturday' | 'sunday';
  startHour: number;
  hours: number;
  venue: { name: string; address: string; city: string; latitude: number; longitude: number } | null;
  onlineUrl?: string;
  tickets: Array<{ name: string; price: number; capacity: number; maxPerOrder?: number }>;
}

const manchester = { city: 'Manchester', latitude: 53.4808, longitude: -2.2426 };
const leeds = { city: 'Leeds', latitude: 53.8008, longitude: -1.5491 };
const bristol = { city: 'Bristol', latitude: 51.4545, longitude: -2.5879 };
const cardiff = { city: 'Cardiff', latitude: 51.4816, longitude: -3.1791 };

export const seedEvents: SeedEvent[] = [
  {
    organisation: 'Northern Lights Live',
    cover: 'jazz-docks',
    title: 'Late Night Jazz at the Docks',
    category: 'music',
    day: 0,
    startHour: 20,
    hours: 4,
    summary: 'Three bands and a late bar by the water, tonight.',
    description:
      'An evening of **modern jazz** from three of the North’s sharpest bands.\n\n- Doors open half an hour before the start\n- First set at the start time\n- Bar until late',
    venue: { name: 'Salford Quays Boathouse', address: 'Pier 8, The Quays', ...manchester },
    tickets: [
      { name: 'Standard', price: 1800, capacity: 220 },
      { name: 'Table for two', price: 6000, capacity: 12, maxPerOrder: 2 },
    ],
  },
  {
    organisation: 'Northern Lights Live',
    cover: 'comedy-cellar',
    title: 'Comedy Cellar Showcase',
    category: 'comedy',
    day: 'saturday',
    startHour: 19,
    hours: 3,
    summary: 'Five rising stand-ups, one compère, no phones on the tables.',
    description: 'Our monthly showcase of new comedy. Strong language; 18+.',
    venue: { name: 'The Cellar Bar', address: '14 Call Lane', ...leeds },
    tickets: [{ name: 'Seated', price: 1200, capacity: 90 }],
  },
  {
    organisation: 'Northern Lights Live',
    cover: 'summer-festival',
    title: 'Northern Lights Winter Festival',
    category: 'festival',
    day: 21,
    startHour: 12,
    hours: 10,
    summary: 'A full day of bands, food and lights across four stages.',
    description: 'Four stages, twenty acts, a night market and the famous light walk at dusk.',
    venue: { name: 'Heaton Park', address: 'Middleton Road', ...manchester },
    tickets: [
      { name: 'Day ticket', price: 4500, capacity: 3000 },
      { name: 'Child (5–15)', price: 1500, capacity: 600 },
    ],
  },
  {
    organisation: 'Northern Lights Live',
    cover: 'city-run',
    title: 'Canal Towpath 10K',
    category: 'sport',
    day: 'sunday',
    startHour: 9,
    hours: 3,
    summary: 'A flat, fast 10K along the Leeds–Liverpool canal.',
    description: 'Chip timing, a medal for every finisher and hot drinks at the end.',
    venue: { name: 'Granary Wharf', address: 'Dark Neville Street', ...leeds },
    tickets: [{ name: 'Runner', price: 2200, capacity: 400, maxPerOrder: 4 }],
  },
  {
    organisation: 'Northern Lights Live',
    cover: 'tech-meetup',
    title: 'Build Night: Offline-first Web Apps',
    category: 'business',
    day: 9,
    startHour: 18,
    hours: 3,
    summary: 'Talks and pizza for people who build for bad connections.',
    description: 'Two talks on service workers and sync, then lightning demos. Streamed online.',
    venue: null,
    onlineUrl: 'https://meet.example/build-night',
    tickets: [{ name: 'Online seat', price: 0, capacity: 500 }],
  },
  {
    organisation: 'Northern Lights Live',
    cover: 'ceilidh',
    title: 'Ceilidh Night',
    category: 'music',
    day: 14,
    startHour: 19,
    hours: 4,
    summary: 'A live band and a caller: no experience needed, just enthusiasm.',
    description: 'Every dance is called and walked through first. Bring comfortable shoes.',
    venue: { name: 'Albert Hall', address: '27 Peter Street', ...manchester },
    tickets: [
      { name: 'Adult', price: 1400, capacity: 250 },
      { name: 'Student', price: 900, capacity: 80 },
    ],
  },
  {
    organisation: 'Northern Lights Live',
    cover: 'choir',
    title: 'Carols by Candlelight',
    category: 'music',
    day: 28,
    startHour: 18,
    hours: 2,
    summary: 'The city choir sings by candlelight in the cathedral.',
    description: 'Mulled wine and mince pies after the concert.',
    venue: { name: 'Leeds Minster', address: 'Kirkgate', ...leeds },
    tickets: [{ name: 'Nave', price: 1600, capacity: 500 }],
  },
  {
    organisation: 'Harbour Arts Collective',
    cover: 'theatre-night',
    title: 'The Tempest on the Harbour',
    category: 'theatre',
    day: 'saturday',
    startHour: 19,
    hours: 3,
    summary: 'Shakespeare’s island play, staged on a moored ship.',
    description: 'A promenade production: you follow the actors around the deck. Wrap up warm.',
    venue: { name: 'SS Great Britain', address: 'Great Western Dockyard', ...bristol },
    tickets: [{ name: 'Promenade', price: 2500, capacity: 120 }],
  },
  {
    organisation: 'Harbour Arts Collective',
    cover: 'street-food',
    title: 'Harbourside Street Food Night',
    category: 'food-and-drink',
    day: 0,
    startHour: 17,
    hours: 5,
    summary: 'Thirty traders, two bars and a DJ on the water’s edge.',
    description: 'Entry is free; the ticket reserves a place at the heated tables.',
    venue: { name: 'Harbourside', address: 'Canons Way', ...bristol },
    tickets: [{ name: 'Free entry', price: 0, capacity: 1500, maxPerOrder: 6 }],
  },
  {
    organisation: 'Harbour Arts Collective',
    cover: 'gallery-late',
    title: 'Gallery Late: Light and Shadow',
    category: 'arts',
    day: 6,
    startHour: 18,
    hours: 4,
    summary: 'The galleries after dark, with live drawing and a bar.',
    description: 'Curator talks on the hour. Drawing materials provided.',
    venue: { name: 'Arnolfini', address: '16 Narrow Quay', ...bristol },
    tickets: [{ name: 'Entry', price: 800, capacity: 300 }],
  },
  {
    organisation: 'Harbour Arts Collective',
    cover: 'family-science',
    title: 'Family Science Morning',
    category: 'family',
    day: 'sunday',
    startHour: 10,
    hours: 3,
    summary: 'Hands-on experiments for curious 5–11 year olds and their grown-ups.',
    description: 'Slime, rockets and a planetarium show. Every child must come with an adult.',
    venue: { name: 'Techniquest', address: 'Stuart Street', ...cardiff },
    tickets: [
      { name: 'Family of four', price: 3200, capacity: 60, maxPerOrder: 2 },
      { name: 'Single', price: 900, capacity: 80 },
    ],
  },
  {
    organisation: 'Harbour Arts Collective',
    cover: 'harbour-market',
    title: 'Makers’ Harbour Market',
    category: 'community',
    day: 12,
    startHour: 10,
    hours: 6,
    summary: 'Sixty local makers, from ceramics to hot sauce.',
    description: 'Dog friendly. Card and cash accepted by most stalls.',
    venue: { name: 'Cardiff Bay Boardwalk', address: 'Mermaid Quay', ...cardiff },
    tickets: [{ name: 'Entry', price: 0, capacity: 2000, maxPerOrder: 8 }],
  },
  {
    organisation: 'Harbour Arts Collective',
    cover: 'poetry-slam',
    title: 'Poetry Slam: Open Mic Final',
    category: 'arts',
    day: 3,
    startHour: 19,
    hours: 3,
    summary: 'Twelve poets, three minutes each, one audience vote.',
    description: 'The season final of our open mic. The audience picks the winner.',
    venue: { name: 'The Old Library', address: 'Trinity Street', ...cardiff },
    tickets: [{ name: 'Standard', price: 700, capacity: 150 }],
  },
  {
    organisation: 'Harbour Arts Collective',
    cover: 'community-picnic',
    title: 'Community Picnic in the Park',
    category: 'community',
    day: 18,
    startHour: 12,
    hours: 4,
    summary: 'Bring a blanket; we bring the music, games and tea.',
    description: 'A free afternoon for neighbours old and new.',
    venue: { name: 'Castle Park', address: 'Wine Street', ...bristol },
    tickets: [{ name: 'Free', price: 0, capacity: 800, maxPerOrder: 6 }],
  },
];
