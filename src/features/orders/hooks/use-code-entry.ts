import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AppliedCode } from '#contract/discount-codes.ts';
import { codeInputProblem } from '#contract/discount-pricing.ts';
import type { TicketType } from '#contract/events.ts';
import { useCheckCode } from '../api/check-code.ts';

/** The code parameter of an event page's address: `/event/…?code=SPRING10` applies it when the page opens. */
export const codeParam = 'code';

export interface CodeEntry {
  /** The code in force, as the server described it; null without one. */
  applied: AppliedCode | null;
  /** The hidden ticket types the code shows, listed for sale to this buyer. */
  unlocked: TicketType[];
  /** Whether the field is open (a buyer who has no code sees only "Have a code?"). */
  open: boolean;
  setOpen(open: boolean): void;
  text: string;
  setText(text: string): void;
  /** Why the code typed cannot be used: the server's sentence. */
  error: string | null;
  checking: boolean;
  apply(text?: string): void;
  remove(): void;
  /** The order was refused for its code (it was used up meanwhile, say): the sentence goes under the field. */
  refuse(message: string): void;
}

/** The buyer's code for an event: typed, checked with the server, applied, removed; and applied from the address. */
export function useCodeEntry(eventId: string): CodeEntry {
  const [search] = useSearchParams();
  const check = useCheckCode(eventId);
  const [applied, setApplied] = useState<AppliedCode | null>(null);
  const [open, setOpen] = useState(false);
  const [text, setTextState] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Answers to an older apply (the buyer typed on, or removed it) are dropped.
  const latest = useRef(0);
  const { mutate } = check;

  const apply = useCallback(
    (typed?: string) => {
      const code = (typed ?? text).trim();
      const problem = codeInputProblem(code);
      setOpen(true);
      if (problem) {
        setError(problem);
        return;
      }
      const attempt = ++latest.current;
      setError(null);
      mutate(code, {
        onSuccess: (code) => {
          if (attempt !== latest.current) return;
          setApplied(code);
          setTextState('');
        },
        onError: (failure) => {
          if (attempt !== latest.current) return;
          setApplied(null);
          // The sentence reader comes with the HTTP client's module: loaded when a code is refused, not with the page.
          void import('#components/fields/form-errors.ts').then(({ serverMessage }) => {
            if (attempt === latest.current) setError(serverMessage(failure));
          });
        },
      });
    },
    [mutate, text],
  );

  // `?code=` in the address: typed in the field and applied once, when the page has loaded in the browser.
  const fromAddress = search.get(codeParam);
  const appliedFromAddress = useRef(false);
  useEffect(() => {
    if (appliedFromAddress.current || !fromAddress?.trim()) return;
    appliedFromAddress.current = true;
    setTextState(fromAddress.trim());
    apply(fromAddress.trim());
  }, [fromAddress, apply]);

  const unlocked = useMemo(
    () =>
      // The server's answer is checked against the contract before it is sent; shown to this buyer, they are not hidden.
      (applied?.unlocked ?? []).map((type): TicketType => ({ ...type, hidden: false })),
    [applied],
  );

  return {
    applied,
    unlocked,
    open: open || applied !== null,
    setOpen,
    text,
    setText: (next) => {
      setTextState(next);
      setError(null);
    },
    error,
    checking: check.isPending,
    apply,
    remove: () => {
      latest.current++;
      setTextState('');
      setApplied(null);
      setError(null);
    },
    refuse: (message) => {
      latest.current++;
      setTextState(applied?.code ?? text);
      setApplied(null);
      setOpen(true);
      setError(message);
    },
  };
}
