import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderReferenceOf } from './orders.ts';
import {
  formatShortTicketCode,
  newShortTicketCode,
  normalizeShortTicketCode,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
} from './short-ticket-code.ts';

/** Codes as the generator makes them, from bytes fast-check chooses. */
const codes = fc
  .array(fc.uint8Array({ minLength: SHORT_CODE_LENGTH, maxLength: SHORT_CODE_LENGTH }), { minLength: 1, maxLength: 20 })
  .map((draws) => {
    let next = 0;
    // Draws that hold no digit from 2 to 9 are drawn again: the last one always does.
    const fallback = new Uint8Array(SHORT_CODE_LENGTH).fill(7);
    return newShortTicketCode(() => draws[next++] ?? fallback);
  });

/** How a person might type a code read off a ticket. */
const typedVariants = (code: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: code.length, maxLength: code.length }),
      fc.array(fc.constantFrom('', '', '', '-', ' ', ' - '), { minLength: code.length, maxLength: code.length }),
      fc.array(fc.boolean(), { minLength: code.length, maxLength: code.length }),
    )
    .map(([lower, separators, lookAlike]) =>
      [...code]
        .map((char, index) => {
          let typed = char;
          if (lookAlike[index])
            typed = ({ '0': 'O', '1': index % 2 ? 'I' : 'L', V: 'U' } as Record<string, string>)[char] ?? char;
          if (lower[index]) typed = typed.toLowerCase();
          return (index > 0 ? separators[index] : '') + typed;
        })
        .join(''),
    );

describe('short ticket codes', () => {
  it('are nine characters of the alphabet with a digit from 2 to 9, from crypto randomness', () => {
    const drawn = new Set<string>();
    for (let index = 0; index < 2000; index += 1) {
      const code = newShortTicketCode();
      expect(code).toMatch(new RegExp(`^[${SHORT_CODE_ALPHABET}]{9}$`));
      expect(code).toMatch(/[2-9]/);
      drawn.add(code);
    }
    expect(drawn.size).toBe(2000);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(new Set(SHORT_CODE_ALPHABET).size).toBe(32);
  });

  it('are shown in threes and read back from what is shown', () => {
    expect(formatShortTicketCode('K7QMX4PDR')).toBe('K7Q-MX4-PDR');
    fc.assert(
      fc.property(codes, (code) => {
        expect(normalizeShortTicketCode(formatShortTicketCode(code))).toBe(code);
        expect(normalizeShortTicketCode(code)).toBe(code);
      }),
    );
  });

  it('are read back from any case, dashes, spaces and look-alike letters', () => {
    expect(normalizeShortTicketCode(' k7q mx4-pdr ')).toBe('K7QMX4PDR');
    expect(normalizeShortTicketCode('O1L-I7U-ABC')).toBe('011-17V-ABC'.replaceAll('-', ''));
    // Found once by the property below: a dash typed with a space either side between every character.
    expect(normalizeShortTicketCode('0 - R - 9H - V - 4 - V-3 - Y')).toBe('0R9HV4V3Y');
    expect(normalizeShortTicketCode('K - 7 - Q - M - X - 4 - P - D - R')).toBe('K7QMX4PDR');
    expect(normalizeShortTicketCode(`${' '.repeat(30)}K7QMX4PDR`)).toBeNull();
    fc.assert(
      fc.property(
        codes.chain((code) => fc.tuple(fc.constant(code), typedVariants(code))),
        ([code, typed]) => {
          expect(normalizeShortTicketCode(typed)).toBe(code);
        },
      ),
    );
  });

  it('are never a name, an order reference, a signed code or the wrong length', () => {
    for (const text of [
      'Alexander',
      'alexander',
      'Maximilian',
      'QGGE-6JGS',
      'qgge6jgs',
      'K7QMX4PD',
      'K7QMX4PDR2',
      'K7Q!MX4PDR',
      'AD1K7QMX4PDR',
      '',
      '0101-0101-0',
    ]) {
      expect(normalizeShortTicketCode(text), text).toBeNull();
    }
    // An order reference as the door reads it is never a short code, and the other way round.
    expect(orderReferenceOf('K7Q-MX4-PDR')).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const code = normalizeShortTicketCode(text);
        if (code !== null) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{9}$/);
      }),
    );
  });
});
