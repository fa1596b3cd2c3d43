import { describe, expect, it } from 'vitest';
import { checkQuotaForm, emptyQuotaForm } from './capacity-quota-form.ts';

const early = '0b8f1d0e-4a8b-4c8e-9f6a-2b1c3d4e5f60';

describe('the capacity form', () => {
  it('sends the places as a number, commas and spaces dropped, and no ticket types for the event’s capacity', () => {
    expect(checkQuotaForm({ ...emptyQuotaForm(true), capacity: '1,200', ticketTypeIds: [early] })).toEqual({
      ok: true,
      input: { name: 'Venue', capacity: 1200, allTypes: true, ticketTypeIds: [] },
    });
  });

  it('names the field of each problem in a sentence', () => {
    const named = { ...emptyQuotaForm(false), name: 'Floor' };
    expect(checkQuotaForm({ ...named, capacity: '' })).toEqual({
      ok: false,
      errors: { capacity: 'Enter the number of places.' },
    });
    expect(checkQuotaForm({ ...named, capacity: 'lots' })).toEqual({
      ok: false,
      errors: { capacity: 'Places are a whole number, e.g. 300.' },
    });
    expect(checkQuotaForm({ ...named, capacity: '-3', ticketTypeIds: [early] })).toEqual({
      ok: false,
      errors: { capacity: 'Places are 0 or more.' },
    });
    expect(checkQuotaForm({ ...named, name: ' ', capacity: '30', ticketTypeIds: [early] })).toEqual({
      ok: false,
      errors: { name: 'Give the places a name, e.g. Floor.' },
    });
    expect(checkQuotaForm({ ...named, capacity: '30' })).toEqual({
      ok: false,
      errors: { ticketTypeIds: 'Choose the ticket types that share these places.' },
    });
  });
});
