import { describe, expect, it } from 'vitest';
import { detailText } from './audit-table.tsx';

describe('an audit entry’s details', () => {
  it('read as money in the order’s currency and as words, not JSON in minor units', () => {
    const text = detailText(
      {
        amount: 3788,
        reason: 'Customer asked.',
        before: { status: 'paid', refunded: 0 },
        after: { status: 'refunded', refunded: 3788 },
      },
      'GBP',
    );
    expect(text).toBe(
      'Reason: Customer asked. · amount: £37.88 · before: status paid, refunded £0.00 · after: status refunded, refunded £37.88',
    );
    expect(text).not.toMatch(/[{}"]/);
  });

  it('keep numbers as they are where no currency is known', () => {
    expect(detailText({ tickets: 2, refunded: 3788 })).toBe('tickets: 2 · refunded: 3788');
  });
});
