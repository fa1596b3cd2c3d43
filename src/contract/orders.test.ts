import { describe, expect, it } from 'vitest';
import { createOrderSchema, holderEmailSchema, NOT_AN_EMAIL } from './orders.ts';

const messages = (value: unknown) => {
  const result = holderEmailSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a ticket holder’s email', () => {
  it('is kept trimmed and lower-cased', () => {
    expect(holderEmailSchema.parse('  Ada.Lovelace@Example.TEST ')).toBe('ada.lovelace@example.test');
  });

  it('may be left empty, or blank, meaning none', () => {
    expect(holderEmailSchema.parse('')).toBe('');
    expect(holderEmailSchema.parse('   ')).toBe('');
  });

  it('that is not an address is refused with one plain sentence', () => {
    for (const bad of ['ada', 'ada@', '@example.test', 'ada@example', 'ada lovelace@example.test', 'ada@@example.test']) {
      expect(messages(bad), bad).toEqual([NOT_AN_EMAIL]);
    }
  });

  it('is at most 254 characters, said once', () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(56)}.test`;
    expect(longest).toHaveLength(254);
    expect(holderEmailSchema.parse(longest)).toBe(longest);
    expect(messages(`a${longest}`)).toEqual(['An email address has at most 254 characters.']);
  });

  it('is optional on each attendee, and a bad one is named by its attendee', () => {
    const order = {
      eventId: '11111111-1111-4111-8111-111111111111',
      items: [{ ticketTypeId: '22222222-2222-4222-8222-222222222222', quantity: 2 }],
      buyer: { name: 'Grace Hopper', email: 'grace@example.test' },
      attendees: [
        { ticketTypeId: '22222222-2222-4222-8222-222222222222', name: 'Ada' },
        { ticketTypeId: '22222222-2222-4222-8222-222222222222', name: '', email: 'nope' },
      ],
    };
    const result = createOrderSchema.safeParse(order);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['attendees.1.email', NOT_AN_EMAIL],
    ]);
    const fixed = createOrderSchema.parse({ ...order, attendees: [order.attendees[0]] });
    expect(fixed.attendees).toEqual([{ ticketTypeId: '22222222-2222-4222-8222-222222222222', name: 'Ada' }]);
  });
});
