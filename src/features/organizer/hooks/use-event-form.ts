import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { useFocusFirstInvalid } from '#components/fields/use-focus-first-invalid.ts';
import {
  type EventFormValues,
  emptyTicketRow,
  type RefundValues,
  type TicketRowValues,
  type VenueValues,
} from '../utils/event-form.ts';
import { type PathErrors, withoutPath } from '../utils/field-errors.ts';

type TextName = 'title' | 'summary' | 'description' | 'startsAt' | 'endsAt' | 'onlineUrl';

/** The most ticket types an event may have (the contract's limit). */
export const maxTicketTypes = 20;

/** The event editor's values, their messages by path, and whether they differ from what is saved. */
export function useEventForm(initial: () => EventFormValues) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstProblem = useFocusFirstInvalid(formRef, { center: true });
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(() => values);
  const [errors, setErrors] = useState<PathErrors>({});
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(saved), [values, saved]);
  // The same, at once: a save resets the form and then navigates before React renders again.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;

  const clear = (path: string) => setErrors((current) => withoutPath(current, path));

  const set = <K extends keyof EventFormValues>(name: K, value: EventFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    clear(name);
  };

  /** A value the page fills in by itself (the browser's time zone): it does not count as a change. */
  const setDefault = <K extends keyof EventFormValues>(name: K, value: EventFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setSaved((current) => ({ ...current, [name]: value }));
  };

  /** Binds a text input or textarea to a top-level field. */
  const text = (name: TextName) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, event.target.value),
  });

  const setVenue = (patch: Partial<VenueValues>) => {
    setValues((current) => ({ ...current, venue: { ...current.venue, ...patch } }));
    for (const key of Object.keys(patch)) clear(`venue.${key}`);
    clear('venue');
  };

  const setRefund = (patch: Partial<RefundValues>) => {
    setValues((current) => ({ ...current, refund: { ...current.refund, ...patch } }));
    clear('refundPolicy');
  };

  const setTicket = (index: number, patch: Partial<TicketRowValues>) => {
    setValues((current) => ({
      ...current,
      ticketTypes: current.ticketTypes.map((row, at) => (at === index ? { ...row, ...patch } : row)),
    }));
    for (const key of Object.keys(patch)) clear(`ticketTypes.${index}.${key}`);
  };

  const addTicket = () => {
    setValues((current) =>
      current.ticketTypes.length >= maxTicketTypes
        ? current
        : { ...current, ticketTypes: [...current.ticketTypes, emptyTicketRow(current.ticketTypes.at(-1)?.currency)] },
    );
    clear('ticketTypes');
  };

  const removeTicket = (index: number) => {
    setValues((current) => ({ ...current, ticketTypes: current.ticketTypes.filter((_row, at) => at !== index) }));
    // Messages of the later rows would point at the wrong row now.
    clear('ticketTypes');
  };

  const showErrors = (next: PathErrors) => {
    setErrors(next);
    focusFirstProblem();
  };

  /** After a save: the answer becomes both what is shown and what is saved. */
  const reset = (next: EventFormValues) => {
    setValues(next);
    setSaved(next);
    setErrors({});
    dirtyNow.current = false;
  };

  return {
    formRef,
    values,
    errors,
    formError: errors[formErrorKey],
    dirty,
    /** Whether there are unsaved changes now, for a check made between renders (leaving the page). */
    isDirty: () => dirtyNow.current,
    set,
    setDefault,
    text,
    setVenue,
    setRefund,
    setTicket,
    addTicket,
    removeTicket,
    showErrors,
    reset,
  };
}

export type EventForm = ReturnType<typeof useEventForm>;
