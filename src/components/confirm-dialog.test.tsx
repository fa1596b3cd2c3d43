// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has <dialog> but not its modal behaviour.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

type Props = Parameters<typeof ConfirmDialog>[0];
function show(overrides: Partial<Props> = {}) {
  const props: Props = {
    open: true,
    id: 'delete-thing',
    title: 'Delete Early bird?',
    body: 'Tickets sold stay sold.',
    refusal: null,
    busy: false,
    confirmLabel: 'Delete',
    busyLabel: 'Deleting…',
    onConfirm: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<ConfirmDialog {...props} />));
  const dialog = document.querySelector('dialog') as HTMLDialogElement;
  const buttons = [...dialog.querySelectorAll('button')];
  return { props, dialog, buttons, labels: buttons.map((button) => button.textContent) };
}

describe('the confirm dialog', () => {
  it('is named by its title and described by its text, and offers the way out before the danger', () => {
    const { dialog, labels, buttons, props } = show();
    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Delete Early bird?');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Tickets sold stay sold.');
    expect(labels).toEqual(['Keep it', 'Delete']);
    act(() => buttons[1]?.click());
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
    act(() => buttons[0]?.click());
    expect(props.onClose).toHaveBeenCalled();
  });

  it('says the server’s refusal, and while working says so with both buttons disabled', () => {
    const { dialog, labels, buttons } = show({
      refusal: 'This code was used: archive it instead.',
      busy: true,
      keepLabel: 'Keep them',
    });
    expect(dialog.textContent).toContain('This code was used: archive it instead.');
    expect(labels).toEqual(['Keep them', 'Deleting…']);
    expect(buttons.every((button) => button.disabled)).toBe(true);
    expect(buttons[1]?.getAttribute('aria-busy')).toBe('true');
  });

  it('puts another action in the danger button’s place when given one', () => {
    const { labels } = show({
      instead: (
        <button type="button" onClick={() => {}}>
          Archive it instead
        </button>
      ),
    });
    expect(labels).toEqual(['Keep it', 'Archive it instead']);
  });
});
