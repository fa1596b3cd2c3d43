import type { ComponentType } from 'react';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import type { EventForm } from '../../hooks/use-event-form.ts';

/** Renders organiser Markdown as elements, never as HTML; supplied by the page. */
export type MarkdownPreview = ComponentType<{ source: string }>;

/** The description in Markdown, with a live preview of how the event page shows it. */
export function DescriptionField({ form, Preview }: { form: EventForm; Preview: MarkdownPreview }) {
  const source = form.values.description;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextareaField
        label="Description"
        rows={12}
        maxLength={20_000}
        hint="Markdown: **bold**, *italic*, # headings, - lists and [links](https://…). HTML is shown as text."
        {...form.text('description')}
      />
      <div>
        <p className="font-medium text-slate-800" id="description-preview-title">
          Preview
        </p>
        <section
          aria-labelledby="description-preview-title"
          className="mt-1.5 max-h-96 min-h-32 overflow-y-auto rounded-xl border border-slate-200 border-dashed bg-slate-50 px-4 py-3"
        >
          {source.trim() ? <Preview source={source} /> : <p className="text-slate-600 text-sm">The description appears here.</p>}
        </section>
      </div>
    </div>
  );
}
