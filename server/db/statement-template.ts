import type { CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

// Building a query with Kysely and compiling it costs more of a hot path's CPU than sending it does. A
// statement template builds and compiles its query once per shape, with a marker in place of each value,
// and then only fills in the parameters (decision 017).

const marker = '\u0000admit-slot\u0000';

type Path = readonly (string | number)[];
/** A Kysely query or raw `sql` (which compiles with the database it is given). */
type Build<V, R> = (db: Db, slots: V, shape: string) => { compile(db: Db): CompiledQuery<R> };
type Parameter = { path: Path } | { constant: unknown };

interface Compiled {
  query: CompiledQuery;
  parameters: Parameter[];
  /** The arrays and objects the query was built from, and their lengths and key counts: values of another
   * form need another shape (a key more would otherwise be dropped without a word). */
  forms: { path: Path; size: number; array: boolean }[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** `values` with every leaf replaced by a marker naming its path; plain objects and arrays are followed. */
function slotsLike(value: unknown, path: Path, forms: Compiled['forms']): unknown {
  if (Array.isArray(value)) {
    forms.push({ path, size: value.length, array: true });
    return value.map((item, index) => slotsLike(item, [...path, index], forms));
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    forms.push({ path, size: entries.length, array: false });
    return Object.fromEntries(entries.map(([key, item]) => [key, slotsLike(item, [...path, key], forms)]));
  }
  return `${marker}${JSON.stringify(path)}`;
}

function valueAt(values: unknown, path: Path): unknown {
  let value = values;
  for (const step of path) value = (value as Record<string | number, unknown>)[step];
  if (value === undefined) throw new Error(`statement template: no value at ${path.join('.')}`);
  return value;
}

function compileTemplate<V, R>(db: Db, values: V, shape: string, build: Build<V, R>): Compiled {
  const forms: Compiled['forms'] = [];
  const query = build(db, slotsLike(values, [], forms) as V, shape).compile(db) as CompiledQuery;
  if (query.sql.includes(marker)) throw new Error('statement template: a value was written into the SQL text');
  const parameters = query.parameters.map((parameter): Parameter => {
    if (typeof parameter === 'string' && parameter.startsWith(marker))
      return { path: JSON.parse(parameter.slice(marker.length)) };
    // A marker inside a larger value (an object sent as JSON) could not be filled in: send such values as text.
    if (JSON.stringify(parameter ?? null).includes('admit-slot')) {
      throw new Error('statement template: a value inside an object parameter; pass it as JSON text');
    }
    return { constant: parameter };
  });
  return { query, parameters, forms };
}

/**
 * A statement whose query `build` makes from `slots`, a copy of the values with a marker for each leaf
 * (plain objects and arrays are followed, so `values(slots.order)` works). Built once per database and
 * `shape`: when the query's form depends on the values (how many rows, which optional parts), the caller
 * names that form in `shape`, which `build` is given too; values of one shape must have the same keys and
 * array lengths (another count of either throws).
 */
export function statementTemplate<V, R>(build: Build<V, R>): (db: Db, values: V, shape?: string) => CompiledQuery<R> {
  const compiled = new WeakMap<Db, Map<string, Compiled>>();
  return (db, values, shape = '') => {
    let shapes = compiled.get(db);
    if (!shapes) {
      shapes = new Map();
      compiled.set(db, shapes);
    }
    let template = shapes.get(shape);
    if (!template) {
      template = compileTemplate(db, values, shape, build);
      shapes.set(shape, template);
    }
    for (const { path, size, array } of template.forms) {
      const value = valueAt(values, path) as object;
      if ((array ? (value as unknown[]).length : Object.keys(value).length) !== size) {
        throw new Error(`statement template: ${path.join('.') || 'the values'} changed form within shape "${shape}"`);
      }
    }
    const parameters = template.parameters.map((parameter) =>
      'path' in parameter ? valueAt(values, parameter.path) : parameter.constant,
    );
    return { ...template.query, parameters } as CompiledQuery<R>;
  };
}
