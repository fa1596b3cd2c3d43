import { describe, expect, it } from 'vitest';
import {
  type Candidate,
  groupWords,
  maxNearWords,
  maxSearchWords,
  textQuery,
  typedWords,
  usesSearchSyntax,
} from './event-search.ts';

const candidate = (typed: string, lexeme: string, word = lexeme, similarity = 0.5): Candidate => ({
  typed,
  lexeme,
  word,
  similarity,
});

describe('expanding typed words', () => {
  it('reads at most eight distinct words, lower-cased, accents and stop words dropped', () => {
    const fifty = Array.from({ length: 50 }, (_, index) => `word${index}`).join(' ');
    expect(typedWords(fifty)).toHaveLength(maxSearchWords);
    expect(typedWords('The JAZZ at Zürich jazz').map((typed) => typed.word)).toEqual(['jazz', 'zurich']);
  });

  it('keeps the text between spaces each word was typed in, so a word in two spellings counts twice', () => {
    expect(typedWords('Harbour 85E4FB44 abc-12 3.14 2.14 harbour').map(({ word, spelling }) => [word, spelling])).toEqual([
      ['harbour', 'Harbour'],
      ['85e4fb44', '85E4FB44'],
      ['abc', 'abc-12'],
      ['12', 'abc-12'],
      ['14', '3.14'],
      ['14', '2.14'],
    ]);
  });

  it('looks up words one letter longer or shorter, two for long words, and none for words of two letters', () => {
    const [jaz, manchster, dj] = typedWords('jaz manchster dj');
    expect([jaz?.shortest, jaz?.longest]).toEqual([2, 4]);
    expect([manchster?.shortest, manchster?.longest]).toEqual([7, 11]);
    expect([dj?.shortest, dj?.longest]).toEqual([2, 2]);
  });

  it('keeps vocabulary words within the allowed letters of a typed word, exact spellings apart and first', () => {
    const typed = typedWords('festval zurich');
    const groups = groupWords(typed, [
      candidate('festval', 'festivals', 'festivals', 0.6),
      candidate('festval', 'festival', 'festival', 0.55),
      candidate('festval', 'festal', 'festal', 0.5),
      candidate('festval', 'fest', 'fest', 0.4),
      candidate('zurich', 'zürich', 'zurich', 1),
      candidate('zurich', 'zurichs', 'zurichs', 0.7),
    ]);
    expect(groups.exact).toEqual([['festval'], ['zurich', 'zürich']]);
    // festivals is two letters away from a seven-letter word: too far; fest three.
    expect(groups.any).toEqual([
      ['festval', 'festival', 'festal'],
      ['zurich', 'zürich', 'zurichs'],
    ]);
  });

  it('adds at most five near words to a typed word, the fewest letters away first', () => {
    const near = ['bands', 'bend', 'bond', 'band', 'bandy', 'sand', 'land', 'hand'].map((word) => candidate('bnd', word));
    const [nearOnes] = groupWords(typedWords('bnd'), near).any;
    expect(nearOnes).toEqual(['bnd', 'band', 'bend', 'bond']);
    const many = Array.from({ length: 12 }, (_, index) => candidate('night', `nigh${String.fromCharCode(97 + index)}`));
    expect(groupWords(typedWords('night'), many).any[0]).toHaveLength(1 + maxNearWords);
  });

  it('writes a text query that needs one word of each group, with quotes doubled', () => {
    expect(textQuery([['jazz', 'jaz'], ["o'brien"]])).toBe(`('jazz' | 'jaz') & ('o''brien')`);
    // Or, for a word PostgreSQL reads as several lexemes, all of those.
    expect(textQuery([['jazz'], ['85e4fb44', '85e4fb4'], ['12']], [[], ['85e4', 'fb44'], ['-12', 'abc']])).toBe(
      `('jazz') & ('85e4fb44' | '85e4fb4' | ('85e4' & 'fb44')) & ('12' | ('-12' & 'abc'))`,
    );
  });
});

describe('a search written with the search syntax', () => {
  it('is told apart: or between words, a quoted phrase, a word left out', () => {
    for (const text of ['market or poetry', 'market OR poetry', '"winter festival"', 'jazz -brunch']) {
      expect(usesSearchSyntax(text), text).toBe(true);
    }
    for (const text of ['jaz festval', 'orchestra', 'north-west', 'rock and roll'])
      expect(usesSearchSyntax(text), text).toBe(false);
  });
});
