import { type FormEvent, useState } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { attachmentAccept } from '#contract/help-case-terms.ts';
import type { RaisedCase } from '#contract/help-cases.ts';
import { useCaseOptions, useRaiseCase } from '../api/case-calls.ts';
import { caseSchemas } from '../utils/case-schemas.ts';
import { fileProblem } from './case-files.tsx';

/** Files chosen with the case: a few, attached as soon as the case is open. */
const maxFilesAtRaise = 3;

interface RaiseCaseFormProps {
  categories: Array<{ slug: string; title: string }>;
  initialCategory: string;
  signedIn: boolean;
  onRaised: (raised: RaisedCase, email: string, files: File[]) => void;
}

/** Category, subject and description; a guest's name and email; a signed-in person's own order. */
export function RaiseCaseForm({ categories, initialCategory, signedIn, onRaised }: RaiseCaseFormProps) {
  const form = useFormFields(
    {
      categorySlug: categories.some((category) => category.slug === initialCategory) ? initialCategory : '',
      subject: '',
      description: '',
      name: '',
      email: '',
      orderId: '',
      eventId: '',
      website: '',
    },
    { schemas: caseSchemas },
  );
  const options = useCaseOptions(signedIn);
  const raise = useRaiseCase();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>(undefined);
  const chooseFiles = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const problem =
      chosen.length > maxFilesAtRaise
        ? `Choose at most ${maxFilesAtRaise} files here; you can attach more on your case page.`
        : (chosen.map(fileProblem).find(Boolean) ?? undefined);
    setFilesError(problem);
    setFiles(problem ? [] : chosen);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (raise.isPending) return;
    const { name, email, orderId, eventId, ...rest } = form.values;
    const input = {
      ...rest,
      ...(signedIn ? {} : { name, email }),
      ...(orderId ? { orderId } : {}),
      ...(eventId ? { eventId } : {}),
    };
    const data = await form.checkWith(
      (schemas) => schemas.raiseCaseSchema,
      input,
      // A guest who left their name or email out is told what it is for, rather than the schema's general message.
      () => ({
        ...(rest.categorySlug ? {} : { categorySlug: 'Choose a category.' }),
        ...(!signedIn && !name.trim() ? { name: 'Tell us your name.' } : {}),
        ...(!signedIn && !email.trim() ? { email: 'Enter the email address we should answer.' } : {}),
      }),
    );
    if (data)
      raise.mutate(data, {
        onSuccess: (raised) => onRaised(raised, email, files),
        onError: (error) => form.showServerErrors(error),
      });
  };

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5">
      {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
      <SelectField
        label="What is it about?"
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
      {signedIn && options.data?.orders.length ? (
        <SelectField
          label="Which booking? (optional)"
          {...form.field('orderId')}
          onChange={(event) => form.field('orderId').onChange(event as never)}
        >
          <option value="">Not about a booking</option>
          {options.data.orders.map((order) => (
            <option key={order.id} value={order.id}>
              {order.eventTitle} — {order.reference}
            </option>
          ))}
        </SelectField>
      ) : null}
      {signedIn && options.data?.events.length ? (
        <SelectField
          label="Which of your events? (optional)"
          {...form.field('eventId')}
          onChange={(event) => form.field('eventId').onChange(event as never)}
        >
          <option value="">Not about one of your events</option>
          {options.data.events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title} — {event.organisationName}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField label="Subject" maxLength={160} autoComplete="off" {...form.field('subject')} />
      <TextareaField
        label="Describe what happened"
        rows={6}
        maxLength={5000}
        hint="Dates, amounts and what you tried help us answer first time. Never send card numbers or passwords."
        {...form.field('description')}
        onChange={(event) => form.field('description').onChange(event as never)}
      />
      <div>
        <label htmlFor="field-files" className="block font-medium text-slate-900">
          Files (optional)
        </label>
        <input
          id="field-files"
          name="files"
          type="file"
          multiple
          accept={attachmentAccept}
          aria-describedby="field-files-hint"
          aria-invalid={filesError ? true : undefined}
          className="mt-1.5 block w-full text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800"
          onChange={(event) => chooseFiles(event.target.files)}
        />
        <p id="field-files-hint" className="mt-1 text-slate-600 text-sm">
          Up to {maxFilesAtRaise} screenshots (JPEG, PNG, WebP) or PDFs, 5 MB each.
        </p>
        {filesError ? <p className="mt-1 font-medium text-red-700 text-sm">{filesError}</p> : null}
      </div>
      {signedIn ? null : (
        <>
          <TextField label="Your name" autoComplete="name" {...form.field('name')} />
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            hint="We email you a 6-digit code to confirm it; your case opens when you enter it."
            {...form.field('email')}
          />
        </>
      )}
      {/* A trap for form-filling bots: hidden from people and from screen readers. */}
      <div aria-hidden="true" className="hidden">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...form.field('website')} />
        </label>
      </div>
      <SubmitButton busy={raise.isPending} busyLabel="Sending…">
        Raise case
      </SubmitButton>
    </form>
  );
}
