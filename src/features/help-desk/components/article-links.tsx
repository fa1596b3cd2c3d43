import { Link } from 'react-router';
import type { HelpArticleLink } from '#contract/help-desk.ts';

/** Articles as a list of links with their one-line summaries. */
export function ArticleLinks({ articles }: { articles: HelpArticleLink[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {articles.map((article) => (
        <li key={article.slug}>
          <Link to={`/faqs/${article.slug}`} className="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50">
            <span className="block font-semibold text-indigo-700">{article.title}</span>
            {article.summary ? <span className="mt-0.5 block text-slate-600 text-sm">{article.summary}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
