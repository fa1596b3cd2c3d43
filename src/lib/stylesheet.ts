/** Stylesheets asked for once each, by address: the element, and when it has loaded (or failed to). */
const loading = new Map<string, { link: HTMLLinkElement; loaded: Promise<void> }>();

/** Not a screen's media: the rules are fetched and parsed but do not apply, so the page is not restyled for them. */
const heldMedia = 'print';

function addStylesheet(href: string, media: string): { link: HTMLLinkElement; loaded: Promise<void> } {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.media = media;
  const loaded = new Promise<void>((settle) => {
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
  });
  document.head.appendChild(link);
  const entry = { link, loaded };
  loading.set(href, entry);
  return entry;
}

/**
 * Adds a stylesheet to the page once and settles when it has loaded, or failed to (the page then works unstyled
 * rather than not at all, and the next call asks for it again). For styles a part of the page needs only when it
 * appears: the app's own stylesheet is already in the page. A stylesheet fetched ahead (`holdStylesheet`) applies now.
 */
export function loadStylesheet(href: string): Promise<void> {
  const entry = loading.get(href) ?? addStylesheet(href, 'all');
  entry.link.media = 'all';
  return entry.loaded;
}

/**
 * Fetches a stylesheet ahead without applying it: a sheet added to a page restyles every element (more so when it
 * sets variables on `:root`), a long task on a phone for rules nothing uses yet. `loadStylesheet` applies it later
 * without another request.
 */
export function holdStylesheet(href: string): Promise<void> {
  return (loading.get(href) ?? addStylesheet(href, heldMedia)).loaded;
}
