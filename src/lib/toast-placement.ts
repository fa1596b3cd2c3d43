/**
 * Toasts sit at the top centre (the product's setting) but under the page's header, never over it: on a phone a
 * toast is as wide as the screen, and at the very top it hid the brand, the menu and the way back. The header's
 * bottom edge on screen is kept in `--admit-toast-top` (0 once it has scrolled away), which the stylesheet uses.
 */

/** The page's own header (its banner): the first header that does not head a part of the page, such as the main content. */
function banner(): HTMLElement | null {
  for (const header of document.querySelectorAll('header')) {
    if (!header.closest('main, article, aside, nav, section, dialog')) return header;
  }
  return null;
}

/** Puts toasts just under the page's header as it is on screen now. */
export function placeToasts(): void {
  const bottom = banner()?.getBoundingClientRect().bottom ?? 0;
  const top = `${Math.max(0, Math.round(bottom))}px`;
  // A change here restyles the whole page: written only when the header has moved.
  const root = document.documentElement.style;
  if (root.getPropertyValue('--admit-toast-top') !== top) root.setProperty('--admit-toast-top', top);
}

/** Keeps toasts under the header while the page scrolls or the screen turns; returns the function that stops it. */
export function followHeader(): () => void {
  let frame = 0;
  const schedule = () => {
    if (!frame) {
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        placeToasts();
      });
    }
  };
  placeToasts();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  return () => {
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    window.cancelAnimationFrame(frame);
  };
}
