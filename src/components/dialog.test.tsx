// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has <dialog> but not its modal behaviour: open it, and close it as a browser does (Escape fires cancel, then close).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const dialog = document.querySelector<HTMLDialogElement>('dialog[open]');
    if (event.key !== 'Escape' || !dialog) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  });
});

let root: Root | null = null;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function Page({ onClose, onOpen }: { onClose(): void; onOpen?(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Refund…
      </button>
      <Dialog
        open={open}
        onOpen={onOpen}
        labelledBy="title"
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      >
        <h2 id="title">Refund order</h2>
        <button type="button" onClick={() => setOpen(false)}>
          Keep it
        </button>
      </Dialog>
    </>
  );
}

function mount(onClose = vi.fn(), onOpen?: () => void) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<Page onClose={onClose} onOpen={onOpen} />));
  const opener = host.querySelector('button') as HTMLButtonElement;
  const dialog = host.querySelector('dialog') as HTMLDialogElement;
  return { opener, dialog, onClose };
}

describe('Dialog', () => {
  it('renders closed on the server, named by its heading', () => {
    const html = renderToString(
      <Dialog open={false} onClose={() => {}} labelledBy="t" describedBy="d">
        <h2 id="t">Title</h2>
      </Dialog>,
    );
    expect(html).toContain('<dialog aria-labelledby="t" aria-describedby="d"');
    expect(html).not.toContain(' open=');
  });

  it('opens as a modal when asked, calling onOpen first', () => {
    const onOpen = vi.fn();
    const { opener, dialog } = mount(vi.fn(), onOpen);
    expect(dialog.open).toBe(false);
    act(() => opener.click());
    expect(dialog.open).toBe(true);
    expect(onOpen).toHaveBeenCalledOnce();
    expect(dialog.getAttribute('aria-labelledby')).toBe('title');
  });

  it('closes on Escape, tells the parent and gives focus back to the opener', () => {
    const { opener, dialog, onClose } = mount();
    opener.focus();
    act(() => opener.click());
    (dialog.querySelector('button') as HTMLButtonElement).focus();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(dialog.open).toBe(false);
    expect(onClose).toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('closes when the parent sets open to false', () => {
    const { opener, dialog, onClose } = mount();
    act(() => opener.click());
    act(() => (dialog.querySelector('button') as HTMLButtonElement).click());
    expect(dialog.open).toBe(false);
    expect(onClose).toHaveBeenCalled();
  });
});
