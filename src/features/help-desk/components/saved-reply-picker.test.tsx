import { describe, expect, it } from 'vitest';
import { insertAt } from './saved-reply-picker.tsx';

describe('inserting a saved reply', () => {
  it('goes into an empty reply as it is, caret after it', () => {
    expect(insertAt('', 'Refunds take 5–10 days.', null)).toEqual({ text: 'Refunds take 5–10 days.', caret: 23 });
  });

  it('goes after what is written on a paragraph of its own, or at the caret', () => {
    expect(insertAt('Hello Ada,', 'Thanks.', null)).toEqual({ text: 'Hello Ada,\n\nThanks.', caret: 19 });
    expect(insertAt('Hello Ada,\n\nBest, Kit', 'Thanks.', 12)).toEqual({ text: 'Hello Ada,\n\nThanks.\n\nBest, Kit', caret: 19 });
    expect(insertAt('abc', 'X', 99).text).toBe('abc\n\nX');
  });
});
