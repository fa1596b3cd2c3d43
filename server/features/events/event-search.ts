import { editDistance, searchWords, wordGrams } from '../../lib/search-text.ts';

/**
 * The event search forgives typos (decision 054): each typed word stands for itself and for the words of events'
 * text within a letter or two of it, found through their trigrams and confirmed by edit distance. Words an event
 * has exactly rank above words it has nearly. A typed word is also found as PostgreSQL read events' text: the text
 * between spaces it was typed in, read by the same parser, matches an event with every lexeme that parser made of it
 * ("85e4fb44" is the number 85e4 and the word fb44, "abc-12" the word abc and the number -12, "3.14" one number).
 * A number typed alone also finds it joined to a word by a hyphen ("12" finds "abc-12").
 */

/** Typed words beyond this are ignored: each costs a look-up and a group of the text query. */
export const maxSearchWords = 8;
/** Near words kept per typed word, closest first, so a long query stays a small text query. */
export const maxNearWords = 5;
/**
 * Share of trigrams a vocabulary word must have in common with a typed word to be looked at: low, because a swapped
 * letter in a six-letter word leaves about a quarter of them; the edit distance then decides.
 */
export const minGramSimilarity = 0.18;
/** Candidates per typed word read from the vocabulary, most similar first, before the edit distance decides. */
export const maxCandidates = 40;

/**
 * Whether the text uses the search's own syntax, as web search boxes do: `or` between words, a "quoted phrase" or a
 * -word left out. Such a search is matched as typed (PostgreSQL's `websearch_to_tsquery`), without near words, which
 * would turn its `or` into another word every event must have.
 */
export function usesSearchSyntax(text: string): boolean {
  return /(^|\s)or(\s|$)/i.test(text) || text.includes('"') || /(^|\s)-\S/.test(text);
}

/** Letters that may differ: none in a word of one or two letters, one up to seven letters, two beyond. */
export function allowedEdits(word: string): number {
  if (word.length <= 2) return 0;
  return word.length <= 7 ? 1 : 2;
}

export interface TypedWord {
  word: string;
  /**
   * The text between spaces the word was typed in ("85e4fb44", "abc-12" for "12", "3.14" for "14"), which the
   * search also reads as PostgreSQL read events' text.
   */
  spelling: string;
  grams: string[];
  shortest: number;
  longest: number;
}

/**
 * The typed words to look up, as the help desk reads them (lower case, accents dropped, stop words left out), each
 * with the text between spaces it was typed in. A word repeated in the same spelling counts once.
 */
export function typedWords(text: string): TypedWord[] {
  const seen = new Set<string>();
  const typed: { word: string; spelling: string }[] = [];
  for (const spelling of text.split(/\s+/)) {
    for (const word of searchWords(spelling)) {
      const key = `${word} ${spelling.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      typed.push({ word, spelling });
    }
  }
  return typed.slice(0, maxSearchWords).map(({ word, spelling }) => ({
    word,
    spelling,
    grams: wordGrams(word),
    shortest: word.length - allowedEdits(word),
    longest: word.length + allowedEdits(word),
  }));
}

/** A vocabulary word close to a typed one: the lexeme as events' text has it and its folded spelling. */
export interface Candidate {
  typed: string;
  lexeme: string;
  word: string;
  similarity: number;
}

/** Per typed word, in the typed order: the lexemes that are it exactly, and those that are it or nearly it. */
export interface WordGroups {
  exact: string[][];
  any: string[][];
}

/**
 * A number joined to a word by a hyphen is read with the hyphen as its sign ("abc-12" is abc and -12): typed alone,
 * the number also stands for that reading.
 */
const joinedNumber = (word: string) => (/^\d+$/.test(word) ? [`-${word}`] : []);

/**
 * Keeps the candidates within the allowed edits of their typed word, exact spellings first, then the fewest edits,
 * then the most trigrams shared, at most `maxNearWords` near ones per word. The typed word itself is always in its
 * groups, so an exact match never depends on the vocabulary.
 */
export function groupWords(typed: TypedWord[], candidates: Candidate[]): WordGroups {
  const exact: string[][] = [];
  const any: string[][] = [];
  for (const { word } of typed) {
    const limit = allowedEdits(word);
    const scored = candidates
      .filter((candidate) => candidate.typed === word)
      .map((candidate) => ({ ...candidate, edits: editDistance(word, candidate.word, limit) }))
      .filter((candidate) => candidate.edits <= limit)
      .sort((a, b) => a.edits - b.edits || b.similarity - a.similarity || a.lexeme.localeCompare(b.lexeme));
    const same = [
      word,
      ...joinedNumber(word),
      ...scored.filter((candidate) => candidate.edits === 0).map((candidate) => candidate.lexeme),
    ];
    const near = scored.filter((candidate) => candidate.edits > 0).slice(0, maxNearWords);
    exact.push([...new Set(same)]);
    any.push([...new Set([...same, ...near.map((candidate) => candidate.lexeme)])]);
  }
  return { exact, any };
}

const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A text query (tsquery) needing every group: one of its lexemes, or every lexeme the group's typed word was read as
 * (`readAs`, when it has some): `('jazz' | 'jazzy') & ('85e4fb44' | ('85e4' & 'fb44'))`.
 */
export function textQuery(groups: string[][], readAs: string[][] = []): string {
  return groups
    .map((group, index) => {
      const alternatives = group.map(quoteLexeme);
      const read = readAs[index] ?? [];
      if (read.length > 0) alternatives.push(`(${read.map(quoteLexeme).join(' & ')})`);
      return `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}
