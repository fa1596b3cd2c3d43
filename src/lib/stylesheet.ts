/** Stylesheets asked for once each, by address. */
const loading = new Map<string, Promise<void>>();

/**
 * Adds a stylesheet to the page once and settles when it has loaded, or failed to (the page then works unstyled
 * rather than not at all, and the next call asks for it again). For styles a part of the page needs only when it
 * appears: the app's own stylesheet is already in the page.
 */
export function loadStylesheet(href: string): Promise<void> {
  let found = loading.get(href);
  if (!found) {
    found = new Promise<void>((settle) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.addEventListener('load', () => settle(), { once: true });
      link.addEventListener(
        'error',
        () => {
          // Asked for again next time (the connection may be back).
          loading.delete(href);
          link.remove();
          settle();
        },
        { once: true },
      );
      document.head.appendChild(link);
    });
    loading.set(href, found);
  }
  return found;
}
