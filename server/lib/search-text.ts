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
