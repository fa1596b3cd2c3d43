import { type FormEvent, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { type SavedReply, savedReplyInputSchema } from '#contract/help-agents.ts';
import { useSavedReplyChange } from '../api/saved-replies.ts';

/** Adds a saved reply, or changes the one given. */
function SavedReplyForm({ reply, onDone }: { reply: SavedReply | null; onDone(message: string): void }) {
  const form = useFormFields({ title: reply?.title ?? '', body: reply?.body ?? '' });
  const change = useSavedReplyChange();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const input = form.validateWith(savedReplyInputSchema);
    if (!input) return;
    change.mutate(
      { kind: 'save', id: reply?.id ?? null, input },
      {
        onSuccess: () => {
          if (!reply) form.setValues({ title: '', body: '' });
          onDone(reply ? `“${input.title}” is changed.` : `“${input.title}” is saved.`);
        },
        onError: (error) => form.showServerErrors(error),
      },
    );
  };
  const idPrefix = reply ? `reply-${reply.id}` : 'new-reply';
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4">
      {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
      <TextField id={`${idPrefix}-title`} label="Name" maxLength={80} {...form.field('title')} />
      <TextareaField
        id={`${idPrefix}-body`}
        label="Text"
        rows={6}
        maxLength={5000}
        hint="Inserted into a reply as it is; adapt it to the customer before sending."
        {...form.field('body')}
        onChange={(event) => form.field('body').onChange(event as never)}
      />
      <SubmitButton busy={change.isPending} inline>
        {reply ? 'Save changes' : 'Add saved reply'}
      </SubmitButton>
    </form>
  );
}

function SavedReplyRow({ reply, onDone }: { reply: SavedReply; onDone(message: string): void }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const change = useSavedReplyChange();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <li className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="break-words font-semibold text-slate-900">{reply.title}</h3>
          {editing ? null : <p className="mt-1 whitespace-pre-wrap break-words text-slate-700 text-sm">{reply.body}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass('secondary', 'small')} onClick={() => setEditing(!editing)}>
            {editing ? 'Cancel' : 'Edit'}
          </button>
          {confirming ? (
            <>
              <button
                type="button"
                className={buttonClass('danger', 'small')}
                disabled={change.isPending}
                onClick={() =>
                  change.mutate(
                    { kind: 'delete', id: reply.id },
                    {
                      onSuccess: () => onDone(`“${reply.title}” is deleted.`),
                      onError: () => setProblem('It could not be deleted; try again.'),
                    },
                  )
                }
              >
                Delete for everyone
              </button>
              <button type="button" className={buttonClass('secondary', 'small')} onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className={buttonClass('secondary', 'small')} onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </div>
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {editing ? (
        <SavedReplyForm
          reply={reply}
          onDone={(message) => {
            setEditing(false);
            onDone(message);
          }}
        />
      ) : null}
    </li>
  );
}

/** Every saved reply, each editable and deletable, and a form to add one. */
export function SavedRepliesEditor({ replies }: { replies: SavedReply[] }) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {replies.length === 0 ? (
        <p className="text-slate-600">No saved replies yet. Add the answers you give most often.</p>
      ) : (
        <ul className="space-y-3">
          {replies.map((reply) => (
            <SavedReplyRow key={reply.id} reply={reply} onDone={setDone} />
          ))}
        </ul>
      )}
      <section className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="new-reply-heading">
        <h2 id="new-reply-heading" className="font-bold text-lg text-slate-900">
          New saved reply
        </h2>
        <SavedReplyForm reply={null} onDone={setDone} />
      </section>
    </div>
  );
}
