import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { categoryLabel } from '#contract/event-categories.ts';
import { eventCategorySchema } from '#contract/events.ts';
import type { EventForm } from '../../hooks/use-event-form.ts';

/** Title, one-line summary and category. */
export function BasicsFields({ form }: { form: EventForm }) {
  const { values, errors } = form;
  return (
    <>
      <TextField label="Title" required maxLength={120} autoComplete="off" {...form.text('title')} />
      <TextField
        label="Summary"
        maxLength={280}
        autoComplete="off"
        hint="One sentence for cards and search results (optional)."
        {...form.text('summary')}
      />
      <SelectField
        label="Category"
        name="category"
        required
        value={values.category}
        error={errors.category}
        onChange={(event) => form.set('category', event.target.value as typeof values.category)}
      >
        <option value="" disabled>
          Choose a category
        </option>
        {eventCategorySchema.options.map((category) => (
          <option key={category} value={category}>
            {categoryLabel(category)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
