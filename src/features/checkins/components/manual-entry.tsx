import { type FormEvent, useRef } from 'react';
import { normalizeShortTicketCode } from '#contract/short-ticket-code.ts';
import { looksLikeTicketCode } from '#contract/ticket-code.ts';
import { afterNextPaint } from '../utils/after-next-paint.ts';

/** Typed text this short that is not a ticket code is someone's name, email or order reference, not a scan. */
const searchTextMaxLength = 60;

/**
 * A name, email or order reference typed where a code goes: the door looks it up instead of refusing it. A short
 * code (nine characters with a digit from 2 to 9, which no name or eight-character reference is) is checked at once.
 */
export function isSearchText(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length > 0 &&
    trimmed.length <= searchTextMaxLength &&
    !looksLikeTicketCode(trimmed) &&
    normalizeShortTicketCode(trimmed) === null
  );
}

interface ManualEntryProps {
  onSubmit: (code: string) => void;
  /** A name, email or order reference was typed: find the ticket by it. */
  onSearch: (text: string) => void;
}

/**
 * A code typed (or pasted) by hand: the short code printed under a QR code that will not scan, or a whole code from a
 * hardware scanner focused into the field. A name, email or order reference typed there goes to the search. The
 * field is not React state: clearing it re-renders nothing, and happens after the verdict is on screen, so the path
 * from Enter to the painted verdict holds the scan and nothing else.
 */
export function ManualEntry({ onSubmit, onSearch }: ManualEntryProps) {
  const field = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = field.current;
    const code = input?.value ?? '';
    if (!code.trim()) return;
    if (isSearchText(code)) {
      onSearch(code.trim());
      return;
    }
    onSubmit(code);
    // Cleared once the verdict is on screen, in a task of its own: never before the verdict's paint is measured.
    afterNextPaint(() =>
      window.setTimeout(() => {
        if (input && input.value === code) input.value = '';
      }),
    );
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <label htmlFor="door-manual-code" className="sr-only">
        Ticket code, or a name, email or order reference to search for
      </label>
      <input
        ref={field}
        id="door-manual-code"
        name="code"
        defaultValue=""
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="go"
        placeholder="Code, name or order"
        className="min-h-14 min-w-0 flex-1 rounded-2xl border-2 border-white/20 bg-white/10 px-4 font-mono text-lg text-white placeholder:font-sans placeholder:text-slate-400 focus:border-white focus:outline-none"
      />
      <button type="submit" className="min-h-14 rounded-2xl bg-white px-5 font-bold text-lg text-slate-950 active:bg-slate-200">
        Check
      </button>
    </form>
  );
}
