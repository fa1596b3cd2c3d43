import { describe, expect, it } from 'vitest';
import { nextReportMailAt, reportMailPeriod } from './report-mails.ts';

const at = (iso: string) => new Date(iso);

describe('when a mailed report goes out, and which days it covers', () => {
  it('sends daily at the next 06:00 UTC, later the same day when before it', () => {
    expect(nextReportMailAt('daily', at('2026-11-27T05:59:59Z')).toISOString()).toBe('2026-11-27T06:00:00.000Z');
    expect(nextReportMailAt('daily', at('2026-11-27T06:00:00Z')).toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(nextReportMailAt('daily', at('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });

  it('sends weekly on the next Monday at 06:00 UTC', () => {
    // 27 November 2026 is a Friday; 30 November a Monday.
    expect(nextReportMailAt('weekly', at('2026-11-27T12:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextReportMailAt('weekly', at('2026-11-30T05:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextReportMailAt('weekly', at('2026-11-30T06:00:00Z')).toISOString()).toBe('2026-12-07T06:00:00.000Z');
  });

  it('covers the day before, or the seven days before, in UTC days', () => {
    expect(reportMailPeriod('daily', at('2026-11-28T06:00:00Z'))).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(reportMailPeriod('weekly', at('2026-11-30T06:00:03Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(reportMailPeriod('daily', at('2027-01-01T06:00:00Z'))).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });
});
