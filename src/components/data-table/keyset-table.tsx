import type { ReactNode } from 'react';
import { type Column, DataTable } from './data-table.tsx';
import { ShowMore } from './show-more.tsx';

/** What the table reads of an infinite query over keyset pages (React Query's useInfiniteQuery result fits). */
export interface KeysetList<Row> {
  data?: { pages: { items: Row[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch(): unknown;
  fetchNextPage(): unknown;
}

/** A keyset list in a table with its "Show more". */
export function KeysetTable<Row extends { id: string }>(props: {
  list: KeysetList<Row>;
  caption: string;
  columns: Column<Row>[];
  empty: string;
  /** Shown when the list could not be loaded. */
  errorText?: ReactNode;
}) {
  const { list } = props;
  return (
    <>
      <DataTable
        caption={props.caption}
        captionHidden
        columns={props.columns}
        rows={list.data?.pages.flatMap((page) => page.items) ?? []}
        rowKey={(row) => row.id}
        loading={list.isPending}
        error={list.isError ? (props.errorText ?? 'This list could not be loaded.') : null}
        onRetry={() => void list.refetch()}
        empty={props.empty}
      />
      <ShowMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </>
  );
}
