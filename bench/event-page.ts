// The server-rendered event page: its JavaScript before interactive and its throughput.
import { type JsBudgetResult, measureJsBudget } from './js-budget.ts';
import { type LoadResult, measureLoad } from './ssr-load.ts';

export interface EventPageResult {
  path: string;
  js: JsBudgetResult;
  load: LoadResult;
}

/** The page of the first published event: the demo data seeds some. */
export async function firstEventPath(baseUrl: string): Promise<string> {
  const listing = (await (await fetch(`${baseUrl}/api/events?pageSize=1`)).json()) as { data: { items: Array<{ id: string }> } };
  const id = listing.data.items[0]?.id;
  if (!id) throw new Error('no published event to measure (the demo data seeds some)');
  return `/event/${id}`;
}

export async function measureEventPage(baseUrl: string, durationS: number): Promise<EventPageResult> {
  const path = await firstEventPath(baseUrl);
  return { path, js: await measureJsBudget(baseUrl, path), load: await measureLoad(`${baseUrl}${path}`, {}, durationS) };
}
