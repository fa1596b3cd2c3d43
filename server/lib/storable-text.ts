import type { FieldError } from '../../src/contract/envelope.ts';

export const unstorableTextMessage = 'Some of the text sent contains characters that cannot be saved.';

const nulMessage = 'Text cannot contain the NUL character (U+0000).';
const surrogateMessage = 'Text cannot contain a broken character (half of a UTF-16 surrogate pair).';

/** More than this many findings says nothing more to a person; the walk stops there. */
const maxFindings = 20;
const maxPathLength = 200;

/**
 * Why a string cannot be stored: PostgreSQL text refuses U+0000, and its JSON types refuse a lone
 * surrogate half as well (a text column would silently turn one into U+FFFD).
 */
function problemWith(text: string): string | null {
  if (text.includes('\u0000')) return nulMessage;
  if (!text.isWellFormed()) return surrogateMessage;
  return null;
}

/** Parsed input: objects of any prototype (the query parser's has none of its own), but a Buffer body is bytes, not text. */
const isWalkable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);

/** A field path for the answer: keys made printable, and a very deep path cut short. */
function extend(path: string, key: string): string {
  if (path.endsWith('…')) return path;
  if (path.length > maxPathLength) return `${path}…`;
  return `${path}.${key.replaceAll('\u0000', '\uFFFD').toWellFormed()}`;
}

/**
 * Every string, key included, that the database could not store, by field path (`body.buyer.name`).
 * The walk keeps its own stack, so a deeply nested body cannot exhaust the call stack.
 */
export function unstorableText(parts: Record<string, unknown>): FieldError[] {
  const findings: FieldError[] = [];
  const pending: { value: unknown; path: string }[] = Object.entries(parts)
    .map(([path, value]) => ({ value, path }))
    .reverse();
  while (pending.length > 0 && findings.length < maxFindings) {
    const { value, path } = pending.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      const message = problemWith(value);
      if (message) findings.push({ path, message });
      continue;
    }
    if (!isWalkable(value)) continue;
    const children = Object.entries(value).map(([key, child]) => {
      const childPath = extend(path, key);
      const keyProblem = problemWith(key);
      if (keyProblem) findings.push({ path: childPath, message: keyProblem });
      return { value: child, path: childPath };
    });
    // Pushed last first, so fields are reported in the order they were sent.
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index] as (typeof children)[number]);
  }
  return findings.slice(0, maxFindings);
}
