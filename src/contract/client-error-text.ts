/**
 * How much of an error the browser reports and the server logs (decision 050): enough to find the bug, never a
 * dump. Plain functions without zod, so the browser's reporter stays small.
 */
export const clientErrorLimits = { name: 80, message: 300, page: 200, stack: 1200, stackLines: 6, stackLine: 200 } as const;

// A token or a code can end up in an error's text: a URL with its query in a message, a signed link in a stack.
const secrets: [RegExp, string][] = [
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]'],
  [/\?[^\s)'"]*/g, ''],
];

/** The text without tokens and without the query strings of the URLs in it. */
export const scrubErrorText = (text: string): string =>
  secrets.reduce((result, [pattern, by]) => result.replace(pattern, by), text);

/** The first lines of a stack, scrubbed, each and all cut to the limits. */
export function shortStack(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const lines = stack
    .split('\n')
    .slice(0, clientErrorLimits.stackLines)
    .map((line) => scrubErrorText(line).trim().slice(0, clientErrorLimits.stackLine));
  return lines.join('\n').slice(0, clientErrorLimits.stack) || undefined;
}
