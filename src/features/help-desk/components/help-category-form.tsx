import type { FormEvent } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { type HelpAdminCategory, helpCategoryInputSchema } from '#contract/help-desk.ts';
import { useSaveCategory } from '../api/help-editing.ts';
import { slugFrom } from './help-article-form.tsx';

/** A new category, or a change to one (its address stays: articles and links use it). */
export function HelpCategoryForm({ category, onDone }: { category: HelpAdminCategory | null; onDone(message: string): void }) {
  const form = useFormFields({
    title: category?.title ?? '',
    slug: category?.slug ?? '',
    summary: category?.summary ?? '',
    firstReplyHours: String(category?.firstReplyHours ?? 24),
  });
  const save = useSaveCategory();
  const idPrefix = category ? `category-${category.slug}` : 'new-category';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const hours = form.values.firstReplyHours.trim();
    const input = form.validateWith(helpCategoryInputSchema, {
      ...form.values,
      firstReplyHours: /^\d+$/.test(hours) ? Number(hours) : undefined,
    });
    if (!input) return;
    save.mutate(input, {
      onSuccess: () => {
        if (!category) form.setValues({ title: '', slug: '', summary: '', firstReplyHours: '24' });
        onDone(`The category “${input.title}” is saved.`);
      },
      onError: (error) => form.showServerErrors(error),
    });
  };
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4">
      {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
      <TextField
        id={`${idPrefix}-title`}
        label="Title"
        maxLength={80}
        {...form.field('title')}
        onBlur={() => {
          if (!form.values.slug && form.values.title)
            form.setValues((current) => ({ ...current, slug: slugFrom(current.title) }));
        }}
      />
      {category ? null : (
        <TextField
          id={`${idPrefix}-slug`}
          label="Address"
          maxLength={80}
          hint={`Its page: /help-desk/${form.values.slug || 'your-address'}`}
          {...form.field('slug')}
        />
      )}
      <TextField id={`${idPrefix}-summary`} label="Summary (optional)" maxLength={300} {...form.field('summary')} />
      <TextField
        id={`${idPrefix}-hours`}
        label="First reply within (hours)"
        inputMode="numeric"
        maxLength={3}
        hint="A case of this category is overdue when no agent has replied within this time."
        {...form.field('firstReplyHours')}
      />
      <SubmitButton busy={save.isPending} inline>
        {category ? 'Save changes' : 'Add category'}
      </SubmitButton>
    </form>
  );
}
