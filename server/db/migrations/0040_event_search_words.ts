import { type Kysely, sql } from 'kysely';
import { lexemeWord, wordGrams } from '../../lib/search-text.ts';

// The event search forgives typos (decision 054) with no database extension, like the help desk's (0018): the
// vocabulary of events' searchable text, one row per lexeme of `events.search` with the plain word it folds to, and
// each word's trigrams, keyed by gram then word length so a typed word reads only the words it could be a typo of.
// Filled here from the events already written; the events domain adds new words as it writes an event's text.
const chunk = 2000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table event_search_words (
    lexeme text primary key,
    word text not null
  )`.execute(db);
  await sql`create table event_search_grams (
    gram text not null,
    word_length integer not null,
    lexeme text not null references event_search_words (lexeme) on delete cascade,
    gram_count integer not null,
    primary key (gram, word_length, lexeme)
  )`.execute(db);

  const { rows } = await sql<{ lexeme: string }>`select distinct l.lexeme from events e, unnest(e.search) l`.execute(db);
  const words = rows.flatMap(({ lexeme }) => {
    const word = lexemeWord(lexeme);
    return word === null ? [] : [{ lexeme, word }];
  });
  for (let start = 0; start < words.length; start += chunk) {
    const part = words.slice(start, start + chunk);
    await sql`insert into event_search_words (lexeme, word)
      select * from json_to_recordset(${JSON.stringify(part)}::json) as v(lexeme text, word text)`.execute(db);
    const grams = part.flatMap(({ lexeme, word }) => {
      const own = wordGrams(word);
      return own.map((gram) => ({ gram, word_length: word.length, lexeme, gram_count: own.length }));
    });
    await sql`insert into event_search_grams (gram, word_length, lexeme, gram_count)
      select * from json_to_recordset(${JSON.stringify(grams)}::json)
        as v(gram text, word_length integer, lexeme text, gram_count integer)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_search_grams`.execute(db);
  await sql`drop table event_search_words`.execute(db);
}
