import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { helpCategoriesQueryOptions, useHelpCategories } from '#features/help-desk/api/get-help-categories.ts';
import { helpSearchQueryOptions, useHelpSearch } from '#features/help-desk/api/search-help.ts';
import { ArticleLinks } from '#features/help-desk/components/article-links.tsx';
import { HelpSearchForm } from '#features/help-desk/components/help-search-form.tsx';
import { RaiseCasePrompt } from '#features/help-desk/components/raise-case-prompt.tsx';

interface HelpDeskLoaderData {
  q: string;
}

const searchOf = (request: Request) => (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200);

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: LoaderFunctionArgs): Promise<HelpDeskLoaderData> => {
    const q = searchOf(request);
    await Promise.all([
      queryClient.ensureQueryData(helpCategoriesQueryOptions(api)),
      q ? queryClient.ensureQueryData(helpSearchQueryOptions(api, q)) : null,
    ]);
    return { q };
  };
}

function SearchResults({ q }: { q: string }) {
  const { data: results } = useHelpSearch(q);
  return (
    <section aria-labelledby="results-title" className="space-y-3">
      <h2 id="results-title" className="font-bold text-slate-900 text-xl">
        {results.length ? `Answers for “${q}”` : `No answers for “${q}”`}
      </h2>
      {results.length ? (
        <ArticleLinks articles={results} />
      ) : (
        <p className="text-slate-700">Try other words, browse the categories below, or raise a case and we will answer.</p>
      )}
    </section>
  );
}

export function Component() {
  const { q } = useLoaderData() as HelpDeskLoaderData;
  const { data: categories } = useHelpCategories();
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <PageMeta
        title="Help desk"
        description="Answers about booking, tickets, refunds, organising events and scanning at the door, and a way to ask us."
        noIndex={Boolean(q)}
      />
      <header className="space-y-3">
        <h1 className="font-extrabold text-3xl text-slate-900">Help desk</h1>
        <p className="text-lg text-slate-700">Find an answer, or raise a case and a person will reply.</p>
        <HelpSearchForm initial={q} />
      </header>
      {q ? <SearchResults q={q} /> : null}
      <div className="grid gap-6 md:grid-cols-2">
        {categories.map((category) => (
          <section key={category.slug} aria-labelledby={`category-${category.slug}`} className="space-y-2">
            <h2 id={`category-${category.slug}`} className="font-bold text-slate-900 text-xl">
              <Link to={`/help-desk/${category.slug}`} className="hover:underline">
                {category.title}
              </Link>
            </h2>
            <p className="text-slate-600 text-sm">{category.summary}</p>
            <ArticleLinks articles={category.articles} />
          </section>
        ))}
      </div>
      <RaiseCasePrompt />
    </div>
  );
}
