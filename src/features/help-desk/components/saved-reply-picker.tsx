import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass, linkClass } from '#components/button.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { useSavedReplies } from '../api/saved-replies.ts';

/** Where the text goes: at the caret of the reply box, or after what is written; a paragraph of its own. */
export function insertAt(text: string, insert: string, caret: number | null): { text: string; caret: number } {
  const at = caret === null ? text.length : Math.min(Math.max(caret, 0), text.length);
  const before = text.slice(0, at);
  const after = text.slice(at);
  const gap = before === '' || before.endsWith('\n') ? '' : '\n\n';
  const joined = `${before}${gap}${insert}`;
  const tail = after === '' || after.startsWith('\n') ? after : `\n\n${after}`;
  return { text: `${joined}${tail}`, caret: joined.length };
}

/** Chooses a saved reply and puts it into the reply being written, to adapt before sending. */
export function SavedReplyPicker({ onInsert }: { onInsert(body: string): void }) {
  const replies = useSavedReplies();
  const [chosen, setChosen] = useState('');
  const items = replies.data ?? [];
  if (replies.isError) return null;
  if (replies.isSuccess && items.length === 0) {
    return (
      <p className="text-slate-600 text-sm">
        No saved replies yet.{' '}
        <Link to="/admin/saved-replies" className={linkClass}>
          Write one
        </Link>{' '}
        for answers you give often.
      </p>
    );
  }
  const reply = items.find((item) => item.id === chosen);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-56 flex-1">
        <SelectField label="Saved reply" name="savedReply" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{replies.isPending ? 'Loading…' : 'Choose a saved reply'}</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </SelectField>
      </div>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={!reply}
        onClick={() => {
          if (!reply) return;
          onInsert(reply.body);
          setChosen('');
        }}
      >
        Insert
      </button>
    </div>
  );
}
