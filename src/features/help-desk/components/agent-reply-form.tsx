import { type FormEvent, useState } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { caseReplySchema } from '#contract/help-cases.ts';
import { useAgentCaseAction } from '../api/agent-calls.ts';
import { insertAt, SavedReplyPicker } from './saved-reply-picker.tsx';

/** A public reply, mailed to the customer, or an internal note that only agents ever see. */
export function AgentReplyForm({ caseId }: { caseId: string }) {
  const form = useFormFields({ body: '' });
  const [internal, setInternal] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const action = useAgentCaseAction(caseId);
  const insertSaved = (text: string) => {
    const box = form.formRef.current?.elements.namedItem('body');
    const textarea = box instanceof HTMLTextAreaElement ? box : null;
    // A textarea keeps its caret when the Insert button takes the focus.
    const caret = textarea ? textarea.selectionStart : null;
    const next = insertAt(form.values.body, text, caret);
    form.setValues({ body: next.text });
    form.clearError('body');
    setSent(null);
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(next.caret, next.caret);
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.isPending) return;
    const data = form.validateWith(caseReplySchema);
    if (!data) return;
    action.mutate(
      { kind: 'message', body: data.body, internal },
      {
        onSuccess: () => {
          form.setValues({ body: '' });
          setSent(internal ? 'Internal note added.' : 'Reply sent to the customer.');
        },
        onError: (error) => form.showServerErrors(error),
      },
    );
  };
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      {sent ? <FormAlert tone="success">{sent}</FormAlert> : null}
      {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Kind of message</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="kind" checked={!internal} onChange={() => setInternal(false)} />
          Public reply (emailed to the customer)
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="kind" checked={internal} onChange={() => setInternal(true)} />
          Internal note (agents only)
        </label>
      </fieldset>
      <SavedReplyPicker onInsert={insertSaved} />
      <TextareaField
        label={internal ? 'Internal note' : 'Reply'}
        rows={5}
        maxLength={5000}
        {...form.field('body')}
        onChange={(event) => form.field('body').onChange(event as never)}
      />
      <SubmitButton busy={action.isPending} inline>
        {internal ? 'Add note' : 'Send reply'}
      </SubmitButton>
    </form>
  );
}
