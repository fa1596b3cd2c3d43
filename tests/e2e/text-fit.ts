import { expect, type Locator } from '@playwright/test';

/** How wide a control is and how wide its text needs it to be, in CSS pixels. */
interface Fit {
  text: string;
  shown: number;
  needed: number;
}

/**
 * The room a control's text needs against the room it has: a select's chosen option (measured on a copy holding only
 * that option, sized to its content), an empty field's placeholder (the field sized to its content for a moment).
 * Neither shows in `scrollWidth`: a select clips its option and a field its placeholder without scrolling.
 */
function measure(control: HTMLInputElement | HTMLSelectElement): Fit {
  const shown = control.getBoundingClientRect().width;
  const natural = { width: 'auto', minWidth: '0', maxWidth: 'none', flex: '0 0 auto' };
  if (control instanceof HTMLSelectElement) {
    const option = control.selectedOptions[0];
    const copy = control.cloneNode(false) as HTMLSelectElement;
    copy.removeAttribute('id');
    copy.removeAttribute('name');
    if (option) copy.append(option.cloneNode(true));
    Object.assign(copy.style, natural, { width: 'max-content', position: 'absolute', visibility: 'hidden' });
    control.after(copy);
    const needed = copy.getBoundingClientRect().width;
    copy.remove();
    return { text: option?.text ?? '', shown, needed };
  }
  const style = control.getAttribute('style');
  Object.assign(control.style, natural, { fieldSizing: 'content' });
  const needed = control.getBoundingClientRect().width;
  if (style === null) control.removeAttribute('style');
  else control.setAttribute('style', style);
  return { text: control.value || control.placeholder, shown, needed };
}

/**
 * Expects the control's whole text (chosen option, or placeholder while empty) to show, not cut at its edge; softly, so
 * a test lists every control that is cut.
 */
export async function expectTextFits(control: Locator, what: string): Promise<void> {
  await expect(control).toBeVisible();
  const fit = await control.evaluate(measure);
  expect
    .soft(fit.needed, `${what}: "${fit.text}" needs ${fit.needed} px and has ${fit.shown} px`)
    .toBeLessThanOrEqual(fit.shown + 0.5);
}
