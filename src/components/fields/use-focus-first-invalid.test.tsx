// @vitest-environment jsdom
import { useLayoutEffect, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearScreen, renderScreen } from '#lib/screen.test-helper.tsx';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

/**
 * A form that marks its second field, or shows a message above itself, and asks for focus in the same change, before
 * its first render's effects have run (a layout effect): the case of a check that ends while the page still settles.
 */
function MarkingForm({ mark }: { mark: 'field' | 'message' | 'nothing' }) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => {
    if (mark === 'nothing') return;
    setShown(true);
    focusFirstInvalid();
  }, [mark, focusFirstInvalid]);
  return (
    <form ref={formRef}>
      {shown && mark === 'message' ? (
        <p id="message" data-form-message tabIndex={-1}>
          Check the marked fields.
        </p>
      ) : null}
      <input id="first" />
      <input id="second" aria-invalid={shown && mark === 'field'} />
    </form>
  );
}

const byId = (id: string) => document.getElementById(id);

describe('moving focus to what a form marked', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearScreen();
  });

  it('focuses the first marked field once it is marked on the page, however soon the next frame comes', async () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
    renderScreen(<MarkingForm mark="field" />);
    await vi.waitFor(() => expect(byId('second')?.getAttribute('aria-invalid')).toBe('true'));
    await vi.waitFor(() => expect(document.activeElement).toBe(byId('second')));
  });

  it('focuses the message above the form when no field is marked', async () => {
    renderScreen(<MarkingForm mark="message" />);
    await vi.waitFor(() => expect(document.activeElement).toBe(byId('message')));
  });

  it('leaves focus where it is until asked', async () => {
    renderScreen(<MarkingForm mark="nothing" />);
    await vi.waitFor(() => expect(byId('second')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(document.body);
  });
});
