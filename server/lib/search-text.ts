/**
 * Words and letter trigrams for the help desk's search (no database extension needed, so it runs the same on
 * PGlite and PostgreSQL): an article is indexed by its words, each word by its trigrams, and a query word
 * matches the indexed words that share enough trigrams with it, which forgives a missing or swapped letter.
 */

/** Words shorter than this carry no meaning on their own ("a", "to"). */
const minWordLength = 2;
const maxWordLength = 40;
/** Common words that would match every article. */
const stopWords = new Set(
  'a an and are as at be by can do for from has have how i if in is it its my of on or our so that the their then this to we what when where which who will with you your'.split(
    ' ',
  ),
);

/** Lower-case words of a text, accents dropped, Markdown punctuation and stop words left out. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= minWordLength && word.length <= maxWordLength && !stopWords.has(word));
}

/** The trigrams of a word, padded like pg_trgm ("  r", " re", "ref", …, "nd "), without repeats. */
export function wordGrams(word: string): string[] {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) grams.add(padded.slice(index, index + 3));
  return [...grams];
}

/** How much a word found in each part of an article counts. */
export const fieldWeights = { title: 4, summary: 2, body: 1 } as const;

/** Each distinct word of an article with the weight of the best part it appears in. */
export function articleTerms(article: { title: string; summary: string; body: string }): Map<string, number> {
  const terms = new Map<string, number>();
  for (const field of ['body', 'summary', 'title'] as const) {
    for (const word of searchWords(article[field])) {
      terms.set(word, Math.max(terms.get(word) ?? 0, fieldWeights[field]));
    }
  }
  return terms;
}

/**
 * The one search word a database lexeme stands for (`café` → `cafe`), or null when it folds to none or to several
 * (`jazz-festival`, `example.com`: their parts are lexemes of their own): what a vocabulary of lexemes is keyed by.
 */
export function lexemeWord(lexeme: string): string | null {
  if (!/^[\p{L}\p{M}\p{N}]+$/u.test(lexeme)) return null;
  const words = searchWords(lexeme);
  return words.length === 1 ? (words[0] as string) : null;
}

/**
 * Letters to insert, delete, change or swap with a neighbour to turn one word into the other (optimal string
 * alignment), or `limit + 1` as soon as it is sure to exceed `limit`: trigrams find candidates, this confirms them.
 */
export function editDistance(first: string, second: string, limit: number): number {
  if (Math.abs(first.length - second.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: second.length + 1 }, (_, index) => index);
  let previousBest = 0;
  for (let row = 1; row <= first.length; row += 1) {
    const current = [row];
    let best = row;
    for (let column = 1; column <= second.length; column += 1) {
      const cost = first[row - 1] === second[column - 1] ? 0 : 1;
      let value = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        (previous[column - 1] as number) + cost,
      );
      if (row > 1 && column > 1 && first[row - 1] === second[column - 2] && first[row - 2] === second[column - 1]) {
        value = Math.min(value, (before[column - 2] as number) + 1);
      }
      current.push(value);
      best = Math.min(best, value);
    }
    // A swap reaches back two rows, so only two rows over the limit settle it.
    if (best > limit && previousBest > limit) return limit + 1;
    previousBest = best;
    before = previous;
    previous = current;
  }
  return Math.min(previous[second.length] as number, limit + 1);
}
