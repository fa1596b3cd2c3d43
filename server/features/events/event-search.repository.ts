import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { lexemeWord, wordGrams } from '../../lib/search-text.ts';
import {
  type Candidate,
  groupWords,
  maxCandidates,
  minGramSimilarity,
  textQuery,
  typedWords,
  usesSearchSyntax,
} from './event-search.ts';

/**
 * The words of events' searchable text (the lexemes of `events.search`) with their trigrams, in
 * `event_search_words` and `event_search_grams` (migration 0040). Written by this domain only, in the transaction
 * that writes an event's text, so a renamed event is found by its new words, typos and all, at once.
 */

/**
 * Adds the event's words that the vocabulary lacks. Words are inserted in order, so two events saved at once
 * never wait on each other crosswise; a word another transaction adds first is skipped with its trigrams.
 */
export async function addSearchWords(db: Executor, eventId: string): Promise<void> {
  const { rows } = await sql<{ lexeme: string }>`
    select l.lexeme from events e, unnest(e.search) l
     where e.id = ${eventId}
       and not exists (select 1 from event_search_words w where w.lexeme = l.lexeme)`.execute(db);
  const words = rows
    .map(({ lexeme }) => ({ lexeme, word: lexemeWord(lexeme) }))
    .filter((row): row is { lexeme: string; word: string } => row.word !== null)
    .sort((a, b) => (a.lexeme < b.lexeme ? -1 : 1));
  if (words.length === 0) return;
  const added = await sql<{ lexeme: string; word: string }>`
    insert into event_search_words (lexeme, word)
    select * from unnest(${words.map((row) => row.lexeme)}::text[], ${words.map((row) => row.word)}::text[])
    on conflict (lexeme) do nothing
    returning lexeme, word`.execute(db);
  const grams = added.rows.flatMap(({ lexeme, word }) => {
    const own = wordGrams(word);
    return own.map((gram) => ({ gram, lexeme, length: word.length, count: own.length }));
  });
  if (grams.length === 0) return;
  await sql`
    insert into event_search_grams (gram, word_length, lexeme, gram_count)
    select * from unnest(${grams.map((row) => row.gram)}::text[], ${grams.map((row) => row.length)}::int[],
                         ${grams.map((row) => row.lexeme)}::text[], ${grams.map((row) => row.count)}::int[])
    on conflict do nothing`.execute(db);
}

/**
 * A search as the event queries use it: the typed text, and per typed word its exact and near lexemes and the
 * lexemes PostgreSQL reads in the text it was typed in (see `readSpellings`).
 */
export interface EventSearch {
  text: string;
  exact: string[][];
  any: string[][];
  readAs: string[][];
}

/** Text PostgreSQL reads as the one word it is, lower-cased: letters only, or digits only. */
const plainSpelling = /^(?:[a-z]+|[0-9]+)$/i;

/**
 * The lexemes PostgreSQL's parser reads in each typed word's spelling, as it read events' text into `events.search`
 * ("85e4fb44" → 85e4 and fb44, "abc-12" → abc and -12, "3.14" → 3.14). Spellings of letters or digits alone are
 * their word, so they need no reading.
 */
async function readSpellings(db: Executor, spellings: string[]): Promise<Map<string, string[]>> {
  const unread = [...new Set(spellings.filter((spelling) => !plainSpelling.test(spelling)))];
  if (unread.length === 0) return new Map();
  const { rows } = await sql<{ spelling: string; lexemes: string[] }>`
    select s as spelling, tsvector_to_array(to_tsvector('simple', s)) as lexemes
      from unnest(${unread}::text[]) s`.execute(db);
  return new Map(rows.map((row) => [row.spelling, row.lexemes]));
}

/**
 * Reads the vocabulary words close to each typed word: those sharing enough trigrams, of a length within the
 * allowed edits (read from the grams' index), most similar first.
 */
export async function prepareSearch(db: Executor, text: string): Promise<EventSearch> {
  const typed = usesSearchSyntax(text) ? [] : typedWords(text);
  if (typed.length === 0) return { text, exact: [], any: [], readAs: [] };
  // A word typed in two spellings ("3.14 2.14") is looked up once.
  const lookedUp = [...new Map(typed.map((one) => [one.word, one])).values()];
  const values = lookedUp.flatMap(({ word, grams, shortest, longest }) =>
    grams.map((gram) => sql`(${word}::text, ${gram}::text, ${grams.length}::int, ${shortest}::int, ${longest}::int)`),
  );
  const { rows } = await sql<Candidate>`
    with typed (word, gram, n, shortest, longest) as (values ${sql.join(values)}),
    near as (
      select t.word as typed, g.lexeme,
             count(*)::float8 / (max(t.n) + max(g.gram_count) - count(*)) as similarity
        from typed t
        join event_search_grams g on g.gram = t.gram and g.word_length between t.shortest and t.longest
       group by t.word, g.lexeme
    ),
    ranked as (
      select n.*, row_number() over (partition by n.typed order by n.similarity desc, n.lexeme) as place
        from near n
       where n.similarity >= ${minGramSimilarity}::float8
    )
    select r.typed, r.lexeme, w.word, r.similarity
      from ranked r
      join event_search_words w on w.lexeme = r.lexeme
     where r.place <= ${maxCandidates}::int`.execute(db);
  const read = await readSpellings(
    db,
    typed.map((one) => one.spelling),
  );
  return { text, ...groupWords(typed, rows), readAs: typed.map((one) => read.get(one.spelling) ?? []) };
}

/** The text query of every typed word: one of its lexemes, exact or near, or all it was read as. */
const anyQuery = (search: EventSearch) => sql`${textQuery(search.any, search.readAs)}::tsquery`;

/**
 * Events whose text has every typed word or a word close to it. Text with no word to look up (only stop words or
 * single letters) is matched as typed, exactly.
 */
export function matchesSearch(search: EventSearch): RawBuilder<boolean> {
  if (search.any.length === 0) return sql<boolean>`events.search @@ websearch_to_tsquery('simple', ${search.text})`;
  return sql<boolean>`events.search @@ ${anyQuery(search)}`;
}

/** How many typed words the event has only nearly, not exactly: 0 for an exact match, which lists first. */
export function nearWordCount(search: EventSearch): RawBuilder<number> {
  // A cast, not a bare 0: a bare number in ORDER BY names an output column by its position.
  if (search.exact.length === 0) return sql<number>`0::int`;
  const misses = search.exact.map(
    (group, index) => sql`(not events.search @@ ${textQuery([group], [search.readAs[index] ?? []])}::tsquery)::int`,
  );
  return sql<number>`(${sql.join(misses, sql` + `)})`;
}

/** The text rank for "relevance", over exact and near words alike (near-only events are already ordered after). */
export function searchRank(search: EventSearch): RawBuilder<number> {
  if (search.any.length === 0) return sql<number>`ts_rank(events.search, websearch_to_tsquery('simple', ${search.text}))`;
  return sql<number>`ts_rank(events.search, ${anyQuery(search)})`;
}
