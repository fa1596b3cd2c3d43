import { describe, expect, it } from 'vitest';
import { reportKindSchema } from '../../../src/contract/reports.ts';
import { surnameOf } from './door-list.service.ts';
import { columnsFor, reportLayouts } from './report-layouts.ts';

describe('report layouts', () => {
  it('leaves every money column out for those who may not see the money, and nothing else', () => {
    for (const kind of reportKindSchema.options) {
      const all = reportLayouts[kind];
      expect(columnsFor(kind, true)).toEqual(all);
      expect(columnsFor(kind, false).map((column) => column.header)).toEqual(
        all.filter((column) => !column.money).map((column) => column.header),
      );
    }
    expect(columnsFor('sales-by-day', false).map((column) => column.header)).toEqual([
      'Day (UTC)',
      'Currency',
      'Orders',
      'Tickets',
    ]);
  });

  it('reads the revenue summary with the one definition of net: gross less fees less refunds', () => {
    const row = { currency: 'GBP', orders: '2', gross: '3174', fees: '87', refunds: '-1587' };
    expect(reportLayouts['revenue-summary'].map((column) => column.cell(row))).toEqual([
      'GBP',
      '2',
      '31.74',
      '0.87',
      '15.87',
      '15.00',
    ]);
  });

  it('sorts a door list by the last word of a name', () => {
    expect(surnameOf('  Ada King Lovelace ')).toBe('Lovelace');
    expect(surnameOf('Cher')).toBe('Cher');
    expect(surnameOf('')).toBe('');
  });
});
