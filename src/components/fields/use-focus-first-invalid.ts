import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Where focus goes: the first field marked invalid, else (when the form has one) the message above the form. */
const problemSelectors = ['[aria-invalid="true"]', '[data-form-message]'];

/**
 * Asks for focus to move to the first field of `formRef`'s form marked invalid, or else to an element marked
 * `data-form-message` (focusable: `tabIndex={-1}`); call it with the state change that shows the messages. Focus
 * moves in the effect of the render that commits them: a check that waited for a module, or a failed call, shows them
 * outside the tap's event, and React may commit them after the next frame, or after an earlier render's effects still
 * waiting to run. `center`: the field is also scrolled to the middle of the screen (a long form).
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, { center = false } = {}): () => void {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const form = formRef.current;
    const target = problemSelectors.map((selector) => form?.querySelector<HTMLElement>(selector)).find(Boolean);
    target?.focus();
    if (center) target?.scrollIntoView({ block: 'center' });
  }, [requests, formRef, center]);
  return useCallback(() => setRequests((count) => count + 1), []);
}
