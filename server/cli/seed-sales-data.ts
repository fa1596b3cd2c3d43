/**
 * How each paid demo event has sold so far: so many orders, spread over the days since its sale opened (more of them
 * lately, as an event nears), each of a ticket type by weight. Amounts come from the event's prices and fees.
 */
export interface SalesPlan {
  event: string;
  orders: number;
  /** Days ago its sale opened: the first orders came then. */
  openedDaysAgo: number;
  /** Ticket types by name, with the share of orders each has. */
  types: Record<string, number>;
}

export const salesPlans: SalesPlan[] = [
  {
    event: 'Late Night Jazz at the Docks',
    orders: 44,
    openedDaysAgo: 35,
    types: { Standard: 9, 'Table for two': 1 },
  },
  { event: 'Comedy Cellar Showcase', orders: 22, openedDaysAgo: 28, types: { Seated: 1 } },
  {
    event: 'Northern Lights Winter Festival',
    orders: 40,
    openedDaysAgo: 34,
    types: { 'Day ticket': 3, 'Child (5–15)': 1 },
  },
  { event: 'Canal Towpath 10K', orders: 30, openedDaysAgo: 33, types: { Runner: 1 } },
  { event: 'Ceilidh Night', orders: 20, openedDaysAgo: 24, types: { Adult: 3, Student: 1 } },
  { event: 'Carols by Candlelight', orders: 16, openedDaysAgo: 18, types: { Nave: 1 } },
  { event: 'The Tempest on the Harbour', orders: 24, openedDaysAgo: 30, types: { Promenade: 1 } },
  { event: 'Gallery Late: Light and Shadow', orders: 20, openedDaysAgo: 26, types: { Entry: 1 } },
  { event: 'Family Science Morning', orders: 14, openedDaysAgo: 21, types: { 'Family of four': 2, Single: 1 } },
  { event: 'Poetry Slam: Open Mic Final', orders: 16, openedDaysAgo: 19, types: { Standard: 1 } },
];

/** Buyers' names, made up: a first and a last name drawn for each order. */
export const firstNames = [
  'Aisha',
  'Ben',
  'Chloe',
  'Daniel',
  'Ella',
  'Farah',
  'George',
  'Hannah',
  'Isaac',
  'Jess',
  'Kofi',
  'Leah',
  'Mohammed',
  'Niamh',
  'Oliver',
  'Poppy',
  'Rhys',
  'Sofia',
  'Tom',
  'Usha',
  'Viktor',
  'Wen',
  'Yasmin',
  'Zach',
  'Amara',
  'Callum',
  'Dylan',
  'Freya',
  'Harvey',
  'Imogen',
  'Joel',
  'Keira',
  'Luca',
  'Maya',
  'Nathan',
  'Orla',
];
export const lastNames = [
  'Ahmed',
  'Baker',
  'Clarke',
  'Davies',
  'Evans',
  'Fraser',
  'Green',
  'Hughes',
  'Iqbal',
  'Jones',
  'Khan',
  'Lewis',
  'Murphy',
  'Nowak',
  "O'Brien",
  'Price',
  'Quinn',
  'Roberts',
  'Singh',
  'Taylor',
  'Walsh',
  'Wright',
  'Young',
  'Zhang',
  'Bennett',
  'Chen',
  'Doyle',
  'Edwards',
  'Foster',
  'Hall',
];

/** How many tickets an order holds, by share: most buy two. */
export const quantityShares: Array<[quantity: number, share: number]> = [
  [1, 28],
  [2, 46],
  [3, 11],
  [4, 15],
];

/** Of every hundred checkouts opened, so many are left unpaid: their hold lapses and the order expires. */
export const abandonedPerHundred = 7;
