import { describe, expect, it } from 'vitest';
import { buildIcs, foldLine, icsFileName, icsText, icsUtc } from './calendar-file.ts';

const event = {
  id: '5f0c4a52-3f7e-4a4e-9a43-1a2b3c4d5e6f',
  title: 'Jazz, late; at the Docks',
  description: 'Three bands.\nLate bar.',
  startsAt: '2030-06-14T19:30:00+01:00',
  endsAt: '2030-06-14T23:00:00+01:00',
  location: 'Boathouse, Pier 8, Manchester',
  url: 'https://admit.example/event/5f0c4a52-3f7e-4a4e-9a43-1a2b3c4d5e6f',
  cancelled: false,
};

describe('calendar files', () => {
  it('write the start and end in UTC whatever the offset given', () => {
    const ics = buildIcs(event, 'admit.example', new Date('2030-01-01T00:00:00Z'));
    expect(ics).toContain('\r\nDTSTART:20300614T183000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20300614T220000Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20300101T000000Z\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });

  it('escape text values', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const ics = buildIcs(event, 'admit.example');
    expect(ics).toContain('SUMMARY:Jazz\\, late\\; at the Docks');
    expect(ics).toContain('LOCATION:Boathouse\\, Pier 8\\, Manchester');
  });

  it('fold long lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((line, index) => (index === 0 ? line : line.slice(1)))
        .join(''),
    ).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
  });

  it('are named after the event', () => {
    expect(icsFileName('Late Night Jazz at the Docks!')).toBe('late-night-jazz-at-the-docks.ics');
    expect(icsFileName('¡¡!!')).toBe('event.ics');
    expect(icsUtc('2030-01-01T00:00:00.000Z')).toBe('20300101T000000Z');
  });
});
