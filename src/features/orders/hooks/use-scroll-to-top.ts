import { useEffect } from 'react';

/**
 * Starts the page at its top. The router keeps the scroll position between pages, and the buyer
 * arrives from far down the event page: the TEST MODE banner or the outcome must be seen first.
 */
export function useScrollToTop(): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
}
