// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_CODE_LENGTH, TICKET_CODE_PREFIX } from '#contract/ticket-code.ts';
import { isSearchText, ManualEntry } from './manual-entry.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function typeAndSubmit(text: string) {
  const onSubmit = vi.fn();
  const onSearch = vi.fn();
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  act(() => root?.render(<ManualEntry onSubmit={onSubmit} onSearch={onSearch} />));
  const field = container.querySelector('input') as HTMLInputElement;
  field.value = text;
  act(() => field.form?.requestSubmit());
  // A code sent as a scan is cleared from the field once its verdict is painted: wait for it, inside this test.
  if (onSubmit.mock.calls.length > 0) await vi.waitFor(() => expect(field.value).toBe(''));
  act(() => root?.unmount());
  root = null;
  return { onSubmit, onSearch };
}

describe('the door’s code field', () => {
  it('looks up an order reference, a name or an email typed into it instead of refusing it as a ticket', async () => {
    for (const text of ['TRYS-N223', '  Ada Lovelace ', 'ada@example.test']) {
      const { onSubmit, onSearch } = await typeAndSubmit(text);
      expect(onSubmit).not.toHaveBeenCalled();
      expect(onSearch).toHaveBeenCalledWith(text.trim());
    }
  });

  it('checks anything that claims to be a ticket code, whole or cut short, and long foreign text, as a scan, and clears it after', async () => {
    const code = `${TICKET_CODE_PREFIX}${'A'.repeat(TICKET_CODE_LENGTH - TICKET_CODE_PREFIX.length)}`;
    for (const text of [code, code.slice(0, 20), 'ad1xyz', `https://example.test/${'x'.repeat(80)}`]) {
      const { onSubmit, onSearch } = await typeAndSubmit(text);
      expect(onSearch).not.toHaveBeenCalled();
      expect(onSubmit).toHaveBeenCalledWith(text);
    }
  });

  it('checks a ticket’s short code as a scan, however it is typed, and still looks up nine-letter names', async () => {
    for (const text of ['K7Q-MX4-PDR', 'k7qmx4pdr', ' k7q mx4 pdr ', 'w2e f9h oja']) {
      const { onSubmit, onSearch } = await typeAndSubmit(text);
      expect(onSearch, text).not.toHaveBeenCalled();
      expect(onSubmit, text).toHaveBeenCalledWith(text);
    }
    // Nine letters and no digit from 2 to 9: a name, never a short code.
    for (const text of ['Alexander', 'MAXIMILIAN', 'Ada Lovel']) {
      const { onSubmit, onSearch } = await typeAndSubmit(text);
      expect(onSubmit, text).not.toHaveBeenCalled();
      expect(onSearch, text).toHaveBeenCalledWith(text);
    }
  });

  it('treats blank input as nothing', async () => {
    const { onSubmit, onSearch } = await typeAndSubmit('   ');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onSearch).not.toHaveBeenCalled();
    expect(isSearchText('')).toBe(false);
  });
});
