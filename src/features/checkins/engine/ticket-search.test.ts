import { describe, expect, it } from 'vitest';
import type { ManifestRow } from './manifest.ts';
import { buildTicketSearch, searchTerms } from './ticket-search.ts';

const row = (n: number, overrides: Partial<ManifestRow> = {}): ManifestRow => ({
  id: `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
  ticketTypeId: 'type',
  typeName: 'Standing',
  holderName: `Guest ${n}`,
  orderReference: `R${n}-ABCD`,
  buyerName: `Guest ${n}`,
  buyerEmail: `guest${n}@example.com`,
  status: 'valid',
  test: false,
  codeStart: `Q${n}`,
  shortCode: '',
  checkedIn: null,
  ...overrides,
});

describe('searching the tickets on the device', () => {
  const index = buildTicketSearch([
    row(1, {
      holderName: 'Ada Lovelace',
      buyerName: 'Ada Lovelace',
      buyerEmail: 'ada@analytical.org',
      orderReference: 'ADM-7Q2K',
    }),
    row(2, {
      holderName: 'Charles Babbage',
      buyerName: 'Ada Lovelace',
      buyerEmail: 'ada@analytical.org',
      orderReference: 'ADM-7Q2K',
    }),
    row(3, { holderName: 'Grace Hopper', codeStart: 'K7 A$', shortCode: 'W2EF9H0JA' }),
  ]);

  it('finds by any part of a name, email or order reference, in any case, with every word', () => {
    expect(index.search('lovelace').rows.map((r) => r.holderName)).toEqual(['Ada Lovelace', 'Charles Babbage']);
    expect(index.search('ADA@ANALYTICAL').rows).toHaveLength(2);
    expect(index.search('adm-7q2k charles').rows.map((r) => r.holderName)).toEqual(['Charles Babbage']);
    expect(index.search('hopper grace').rows.map((r) => r.holderName)).toEqual(['Grace Hopper']);
  });

  it('finds by an order reference typed without its dash, whole or in part', () => {
    expect(index.search('adm7q2k').rows.map((r) => r.holderName)).toEqual(['Ada Lovelace', 'Charles Babbage']);
    expect(index.search('M7Q2 charles').rows.map((r) => r.holderName)).toEqual(['Charles Babbage']);
  });

  it('finds by the start of a ticket code (with its AD1 prefix and spaces) or of a ticket id', () => {
    expect(index.search('AD1K7 A$').rows.map((r) => r.holderName)).toEqual(['Grace Hopper']);
    expect(index.search('00000002').rows.map((r) => r.holderName)).toEqual(['Charles Babbage']);
    expect(searchTerms('  ad1k7 a ')).toEqual(['k7 a']);
  });

  it('finds by a short code typed without its dashes', () => {
    expect(index.search('w2ef9h0ja').rows.map((r) => r.holderName)).toEqual(['Grace Hopper']);
  });

  it('says when there are more matches than it lists', () => {
    const many = buildTicketSearch(Array.from({ length: 120 }, (_, n) => row(n)));
    expect(many.search('guest', 50)).toMatchObject({ more: true });
    expect(many.search('guest', 50).rows).toHaveLength(50);
    expect(many.search('nobody').rows).toEqual([]);
  });
});
