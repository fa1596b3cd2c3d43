/**
 * Filters held in the address: typed values read from and written to search parameters, so a filtered
 * list can be shared, reloaded and stepped through with Back. Changing a filter drops the paging cursor,
 * which only means something for the filters it was issued under.
 */

/** How one filter reads from and writes to its search parameter. */
export interface FilterCodec<T> {
  /** The value for a parameter's text (null when absent); malformed text gives the default. */
  parse(raw: string | null): T;
  /** The parameter's text, or null to leave it out of the address (the default). */
  format(value: T): string | null;
}

export type FilterSchema<T> = { [K in keyof T]: FilterCodec<T[K]> };

/** The search parameter that holds the keyset cursor of the page on screen. */
export const cursorParam = 'cursor';

/** Free text, trimmed and capped; empty is left out. */
export function textFilter(maxLength = 100): FilterCodec<string> {
  return {
    parse: (raw) => (raw ?? '').trim().slice(0, maxLength),
    format: (value) => value.trim() || null,
  };
}

/** One of a fixed set of values, or null (all). */
export function choiceFilter<const C extends string>(choices: readonly C[]): FilterCodec<C | null> {
  return {
    parse: (raw) => (choices.includes(raw as C) ? (raw as C) : null),
    format: (value) => value,
  };
}

/** true, false, or null (either). */
export const booleanFilter: FilterCodec<boolean | null> = {
  parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : null),
  format: (value) => (value === null ? null : String(value)),
};

/** A calendar day, YYYY-MM-DD, or null. */
export const dayFilter: FilterCodec<string | null> = {
  parse: (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : null),
  format: (value) => value,
};

/** Every filter's value as the address says it. */
export function readFilters<T>(schema: FilterSchema<T>, search: URLSearchParams): T {
  const values = {} as T;
  for (const name of Object.keys(schema) as Array<keyof T & string>) values[name] = schema[name].parse(search.get(name));
  return values;
}

/**
 * The address with some filters changed: other parameters stay, and the cursor goes whenever a filter
 * changes (or when asked to move to another page, it is set).
 */
export function writeFilters<T>(
  schema: FilterSchema<T>,
  search: URLSearchParams,
  change: Partial<T>,
  cursor?: string | null,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of Object.keys(change) as Array<keyof T & string>) {
    const text = schema[name].format(change[name] as T[keyof T & string]);
    if (text === null || text === '') next.delete(name);
    else next.set(name, text);
  }
  const filtersChanged = Object.keys(change).length > 0;
  if (cursor) next.set(cursorParam, cursor);
  else if (filtersChanged || cursor === null) next.delete(cursorParam);
  return next;
}

/** How many filters differ from their defaults (for a "Filters (2)" summary). */
export function activeFilterCount<T>(schema: FilterSchema<T>, search: URLSearchParams): number {
  return (Object.keys(schema) as Array<keyof T & string>).filter((name) => {
    const codec = schema[name];
    return codec.format(codec.parse(search.get(name))) !== null;
  }).length;
}
