// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Column } from './data-table.tsx';
import { type KeysetList, KeysetTable } from './keyset-table.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Row {
  id: string;
  buyer: string;
}
const columns: Column<Row>[] = [{ id: 'buyer', header: 'Buyer', cell: (row) => row.buyer }];

const listOf = (pages: Row[][], more: Partial<KeysetList<Row>> = {}): KeysetList<Row> => ({
  data: { pages: pages.map((items) => ({ items })) },
  isPending: false,
  isError: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  refetch: vi.fn(),
  fetchNextPage: vi.fn(),
  ...more,
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function mount(list: KeysetList<Row>, errorText?: string) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root?.render(<KeysetTable list={list} caption="Orders" columns={columns} empty="No orders." errorText={errorText} />),
  );
  return host;
}

describe('a keyset table', () => {
  it('shows the rows of every page loaded and asks for the next page with Show more', () => {
    const list = listOf([[{ id: '1', buyer: 'Ada' }], [{ id: '2', buyer: 'Grace' }]], { hasNextPage: true });
    const host = mount(list);
    expect(host.textContent).toContain('Ada');
    expect(host.textContent).toContain('Grace');
    const more = [...host.querySelectorAll('button')].find((button) => button.textContent === 'Show more');
    act(() => more?.click());
    expect(list.fetchNextPage).toHaveBeenCalledOnce();
  });

  it('has no Show more on the last page', () => {
    const host = mount(listOf([[{ id: '1', buyer: 'Ada' }]]));
    expect(host.textContent).not.toContain('Show more');
  });

  it('says why the list is missing, in the page’s words or its own', () => {
    expect(mount(listOf([], { isError: true }), 'The orders could not be loaded.').textContent).toContain(
      'The orders could not be loaded.',
    );
    act(() => root?.unmount());
    expect(mount(listOf([], { isError: true })).textContent).toContain('This list could not be loaded.');
  });
});
