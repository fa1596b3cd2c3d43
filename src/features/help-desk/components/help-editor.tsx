import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass, linkClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import type { HelpAdminArticle, HelpAdminCategory } from '#contract/help-desk.ts';
import { HelpArticleForm } from './help-article-form.tsx';
import { HelpCategoryForm } from './help-category-form.tsx';

const statusBadge = (status: HelpAdminArticle['status']) =>
  status === 'published' ? (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800 text-xs ring-1 ring-emerald-200">
      Published
    </span>
  ) : (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-900 text-xs ring-1 ring-amber-200">Draft</span>
  );

function ArticleRow({
  article,
  categories,
  onDone,
}: {
  article: HelpAdminArticle;
  categories: HelpAdminCategory[];
  onDone(message: string): void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-2 break-words font-semibold text-slate-900">
            {article.title} {statusBadge(article.status)}
          </h3>
          <p className="mt-1 break-words text-slate-600 text-sm">
            /faqs/{article.slug} · {article.helpfulVotes} found it helpful, {article.unhelpfulVotes} did not
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {article.status === 'published' ? (
            <Link to={`/faqs/${article.slug}`} className={buttonClass('secondary', 'small')}>
              View
            </Link>
          ) : null}
          <button type="button" className={buttonClass('secondary', 'small')} onClick={() => setEditing(!editing)}>
            {editing ? 'Cancel' : 'Edit'}
          </button>
        </div>
      </div>
      {editing ? (
        <HelpArticleForm
          article={article}
          categories={categories}
          onDone={(message) => {
            setEditing(false);
            onDone(message);
          }}
        />
      ) : null}
    </li>
  );
}

function CategoryRow({ category, onDone }: { category: HelpAdminCategory; onDone(message: string): void }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="break-words font-semibold text-slate-900">{category.title}</h3>
          <p className="mt-1 text-slate-600 text-sm">
            /help-desk/{category.slug} · {category.articles} {category.articles === 1 ? 'article' : 'articles'} · first reply
            within {category.firstReplyHours} h
          </p>
        </div>
        <button type="button" className={buttonClass('secondary', 'small')} onClick={() => setEditing(!editing)}>
          {editing ? 'Cancel' : 'Edit'}
        </button>
      </div>
      {editing ? (
        <HelpCategoryForm
          category={category}
          onDone={(message) => {
            setEditing(false);
            onDone(message);
          }}
        />
      ) : null}
    </li>
  );
}

/** The help desk's answers as agents edit them: articles by category, then the categories. */
export function HelpEditor({ articles, categories }: { articles: HelpAdminArticle[]; categories: HelpAdminCategory[] }) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="space-y-8">
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      <section className="space-y-4" aria-labelledby="articles-heading">
        <h2 id="articles-heading" className="font-bold text-slate-900 text-xl">
          Articles
        </h2>
        {categories.map((category) => {
          const own = articles.filter((article) => article.categorySlug === category.slug);
          return (
            <div key={category.slug} className="space-y-2">
              <h3 className="font-semibold text-slate-700">{category.title}</h3>
              {own.length === 0 ? (
                <p className="text-slate-600 text-sm">
                  No articles yet: the category shows on the help desk once one is published.
                </p>
              ) : (
                <ul className="space-y-2">
                  {own.map((article) => (
                    <ArticleRow key={article.id} article={article} categories={categories} onDone={setDone} />
                  ))}
                </ul>
              )}
            </div>
          );
        })}
        <div className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-bold text-lg text-slate-900">New article</h3>
          <HelpArticleForm article={null} categories={categories} onDone={setDone} />
        </div>
      </section>
      <section className="space-y-4" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="font-bold text-slate-900 text-xl">
          Categories
        </h2>
        <ul className="space-y-2">
          {categories.map((category) => (
            <CategoryRow key={category.slug} category={category} onDone={setDone} />
          ))}
        </ul>
        <div className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-bold text-lg text-slate-900">New category</h3>
          <HelpCategoryForm category={null} onDone={setDone} />
        </div>
        <p className="text-slate-600 text-sm">
          Published answers are on the{' '}
          <Link to="/help-desk" className={linkClass}>
            help desk
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
