import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { orNotFound, paramOrNotFound, slugPattern } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { MarkdownText } from '#components/markdown/markdown-text.tsx';
import { helpArticleQueryOptions, useHelpArticle } from '#features/help-desk/api/get-help-article.ts';
import { ArticleFeedback } from '#features/help-desk/components/article-feedback.tsx';
import { ArticleLinks } from '#features/help-desk/components/article-links.tsx';
import { RaiseCasePrompt } from '#features/help-desk/components/raise-case-prompt.tsx';
import { faqJsonLd } from '#features/help-desk/utils/faq-json-ld.ts';

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ params }: LoaderFunctionArgs) => {
    const slug = paramOrNotFound(params, 'slug', slugPattern);
    await orNotFound(queryClient.ensureQueryData(helpArticleQueryOptions(api, slug)));
    return null;
  };
}

export function Component() {
  const { slug = '' } = useParams();
  const { data: article } = useHelpArticle(slug);
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <PageMeta title={article.title} description={article.summary || article.title} jsonLd={faqJsonLd(article)} />
      <nav aria-label="Breadcrumb" className="flex flex-wrap gap-1 text-sm">
        <Link to="/help-desk" className="link">
          Help desk
        </Link>
        <span aria-hidden="true">›</span>
        <Link to={`/help-desk/${article.categorySlug}`} className="link">
          {article.categoryTitle}
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 className="break-words font-extrabold text-3xl text-slate-900">{article.title}</h1>
        {article.summary ? <p className="text-lg text-slate-700">{article.summary}</p> : null}
      </header>
      <MarkdownText source={article.body} />
      <ArticleFeedback slug={article.slug} />
      {article.related.length ? (
        <section aria-labelledby="related-title" className="space-y-2">
          <h2 id="related-title" className="font-bold text-slate-900 text-xl">
            Related answers
          </h2>
          <ArticleLinks articles={article.related} />
        </section>
      ) : null}
      <RaiseCasePrompt category={article.categorySlug} about={article.slug} />
    </article>
  );
}
