import { data, type Params } from 'react-router';
import { statusOf } from '../lib/api-caller.tsx';

/** Thrown from a loader when the URL names nothing: the router shows the 404 page with status 404. */
export const notFound = () => data('Page Not Found', { status: 404 });

/** Thrown by a guard when the visitor is signed in but not allowed here. */
export const forbidden = () => data('Forbidden', { status: 403 });

/** A slug in an address (a help desk category or article): lower-case letters and digits, words joined by hyphens. */
export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The address's parameter `name` when it has the shape `pattern`; otherwise the address names nothing. */
export function paramOrNotFound(params: Params, name: string, pattern: RegExp): string {
  const value = params[name] ?? '';
  if (!pattern.test(value)) throw notFound();
  return value;
}

/**
 * What a loader asks the API about the thing its address names: a 404 from the API is the not-found page, any other
 * failure stays the page's error. These helpers live here, in the entry's code, so no page loads a chunk for them.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    throw statusOf(error) === 404 ? notFound() : error;
  }
}
