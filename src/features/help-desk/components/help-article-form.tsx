import type { FormEvent } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import {
  type HelpAdminArticle,
  type HelpAdminCategory,
  type HelpArticleStatus,
  helpArticleInputSchema,
} from '#contract/help-desk.ts';
import { useSaveArticle } from '../api/help-editing.ts';

/** An address from a title: "Can I get a refund?" → can-i-get-a-refund. */
export function slugFrom(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** Writes a new article, or changes one; a draft is seen by agents only, a published one by everyone. */
export function HelpArticleForm({
  article,
  categories,
  onDone,
}: {
  article: HelpAdminArticle | null;
  categories: HelpAdminCategory[];
  onDone(message: string): void;
}) {
  const form = useFormFields({
    categorySlug: article?.categorySlug ?? '',
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    summary: article?.summary ?? '',
    body: article?.body ?? '',
    status: (article?.status ?? 'draft') as string,
  });
  const save = useSaveArticle();
  const idPrefix = article ? `article-${article.id}` : 'new-article';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const input = form.validateWith(helpArticleInputSchema, form.values, (found) => ({
      ...(form.values.categorySlug || found.categorySlug ? {} : { categorySlug: 'Choose a category.' }),
    }));
    if (!input) return;
    save.mutate(
      { id: article?.id ?? null, input },
      {
        onSuccess: () => {
          if (!article) form.setValues({ categorySlug: '', title: '', slug: '', summary: '', body: '', status: 'draft' });
          onDone(`“${input.title}” is saved${input.status === 'published' ? ' and published' : ' as a draft'}.`);
        },
        onError: (error) => form.showServerErrors(error),
      },
    );
  };
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4">
      {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          id={`${idPrefix}-category`}
          label="Category"
          {...form.field('categorySlug')}
          onChange={(event) => form.field('categorySlug').onChange(event as never)}
        >
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${idPrefix}-status`}
          label="Status"
          {...form.field('status')}
          onChange={(event) => form.field('status').onChange(event as never)}
        >
          {(['draft', 'published'] satisfies HelpArticleStatus[]).map((status) => (
            <option key={status} value={status}>
              {status === 'draft' ? 'Draft (agents only)' : 'Published (everyone)'}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        id={`${idPrefix}-title`}
        label="Question"
        maxLength={160}
        {...form.field('title')}
        onBlur={() => {
          if (!form.values.slug && form.values.title)
            form.setValues((current) => ({ ...current, slug: slugFrom(current.title) }));
        }}
      />
      <TextField
        id={`${idPrefix}-slug`}
        label="Address"
        maxLength={80}
        hint={`The answer’s page: /faqs/${form.values.slug || 'your-address'}`}
        {...form.field('slug')}
      />
      <TextField id={`${idPrefix}-summary`} label="Summary (optional)" maxLength={300} {...form.field('summary')} />
      <TextareaField
        id={`${idPrefix}-body`}
        label="Answer"
        rows={10}
        maxLength={20_000}
        hint="Markdown: **bold**, lists, [links](https://…). Scripts and HTML are never run."
        {...form.field('body')}
        onChange={(event) => form.field('body').onChange(event as never)}
      />
      <SubmitButton busy={save.isPending} inline>
        {article ? 'Save changes' : 'Save article'}
      </SubmitButton>
    </form>
  );
}
