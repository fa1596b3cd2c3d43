import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { orNotFound, paramOrNotFound, slugPattern } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { helpCategoryQueryOptions, useHelpCategory } from '#features/help-desk/api/get-help-category.ts';
import { ArticleLinks } from '#features/help-desk/components/article-links.tsx';
import { HelpSearchForm } from '#features/help-desk/components/help-search-form.tsx';
import { RaiseCasePrompt } from '#features/help-desk/components/raise-case-prompt.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ params }: LoaderFunctionArgs) => {
    const slug = paramOrNotFound(params, 'category', slugPattern);
    await orNotFound(queryClient.ensureQueryData(helpCategoryQueryOptions(api, slug)));
    return null;
  };
}

export function Component() {
  const { category: slug = '' } = useParams();
  const { data: category } = useHelpCategory(slug);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageMeta title={`${category.title} · Help desk`} description={category.summary || `Answers about ${category.title}.`} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/help-desk" className="link">
          Help desk
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 className="font-extrabold text-3xl text-slate-900">{category.title}</h1>
        <p className="text-lg text-slate-700">{category.summary}</p>
      </header>
      <ArticleLinks articles={category.articles} />
      <HelpSearchForm />
      <RaiseCasePrompt category={category.slug} />
    </div>
  );
}
