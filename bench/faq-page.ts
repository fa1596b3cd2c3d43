// The server-rendered help article (/faqs/{slug}): its throughput, measured in the same run as the event page's.
import { type LoadResult, measureLoad } from './ssr-load.ts';

export interface FaqPageResult {
  path: string;
  load: LoadResult;
}

interface CategoriesReply {
  data?: { items?: Array<{ articles?: Array<{ slug: string }> }> };
}

/** The first published article's page: the starter content ships some in every category. */
export async function firstFaqPath(baseUrl: string): Promise<string> {
  const listing = (await (await fetch(`${baseUrl}/api/help/categories`)).json()) as CategoriesReply;
  const slug = listing.data?.items?.flatMap((category) => category.articles ?? [])[0]?.slug;
  if (!slug) throw new Error('no published help article to measure (the starter content ships some)');
  return `/faqs/${encodeURIComponent(slug)}`;
}

export async function measureFaqPage(baseUrl: string, durationS: number): Promise<FaqPageResult> {
  const path = await firstFaqPath(baseUrl);
  return { path, load: await measureLoad(`${baseUrl}${path}`, {}, durationS) };
}
