// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { followHeader, placeToasts } from './toast-placement.ts';

/** An element whose box on screen ends `bottom` px from the top (jsdom lays nothing out). */
function placed<T extends HTMLElement>(element: T, bottom: number): T {
  element.getBoundingClientRect = () => ({ bottom }) as DOMRect;
  return element;
}

const toastTop = () => document.documentElement.style.getPropertyValue('--admit-toast-top');

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.style.removeProperty('--admit-toast-top');
});

describe('where toasts sit', () => {
  it('is just under the page’s header, not under a header inside the content', () => {
    const main = document.createElement('main');
    main.append(placed(document.createElement('header'), 400));
    document.body.append(placed(document.createElement('header'), 68.4), main);
    placeToasts();
    expect(toastTop()).toBe('68px');
  });

  it('is the top of the screen once the header has scrolled away, or on a page without one', () => {
    document.body.append(placed(document.createElement('header'), -120));
    placeToasts();
    expect(toastTop()).toBe('0px');
    document.body.innerHTML = '';
    placeToasts();
    expect(toastTop()).toBe('0px');
  });

  it('follows the header as the page scrolls, until stopped', async () => {
    const header = placed(document.createElement('header'), 68);
    document.body.append(header);
    const stop = followHeader();
    expect(toastTop()).toBe('68px');
    placed(header, 20);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    expect(toastTop()).toBe('20px');
    stop();
    placed(header, 0);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    expect(toastTop()).toBe('20px');
  });
});
