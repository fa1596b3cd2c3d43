import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorEnvelope, serverMessage } from '#components/fields/form-errors.ts';
import type { Event } from '#contract/events.ts';
import { toast } from '#lib/toasts.tsx';
import { useChangeEventStatus } from '../api/change-event-status.ts';
import { useCreateEvent, useUpdateEvent } from '../api/save-event.ts';
import { duplicateInput, eventToForm, toUpdate, validateEventForm } from '../utils/event-form.ts';
import { serverPathErrors } from '../utils/field-errors.ts';
import type { EventForm } from './use-event-form.ts';

export type EditorAction = 'save' | 'publish' | 'unpublish' | 'cancel' | 'duplicate';

/** A refused action's explanation, shown above the form. */
export interface ActionProblem {
  title: string;
  reasons: string[];
}

/** What the editor carries to the new event's page after creating it. */
export interface EditorNavigationState {
  problem?: ActionProblem;
}

/** Paths the form shows beside a field even when no input carries that name. */
const sectionPaths = new Set(['ticketTypes', 'coverImageKey']);

/** The reasons a refused publish (409) lists, one per line; else the server's message. */
function reasonsOf(error: unknown): string[] {
  const listed = (errorEnvelope(error)?.errors ?? []).filter((item) => item.path === 'event').map((item) => item.message);
  return listed.length > 0 ? listed : [serverMessage(error)];
}

/** Save, publish, unpublish, cancel and duplicate: one at a time, each with its own outcome. */
export function useEventActions({
  event,
  organizationId,
  form,
  initialProblem = null,
}: {
  event: Event | null;
  organizationId: string;
  form: EventForm;
  /** A refusal carried over from the page the event was created on. */
  initialProblem?: ActionProblem | null;
}) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const transition = useChangeEventStatus();
  const [busy, setBusy] = useState<EditorAction | null>(null);
  // Set at once, unlike the state, so a quick second press cannot start a second action.
  const running = useRef(false);
  const [problem, setProblem] = useState<ActionProblem | null>(initialProblem);

  const placeable = (path: string) => sectionPaths.has(path) || Boolean(form.formRef.current?.elements.namedItem(path) ?? null);

  /** Validates with the contract's schema, then creates or saves; the messages go beside their fields. */
  const persist = async (): Promise<Event | null> => {
    const checked = validateEventForm(form.values, organizationId);
    if (!checked.ok) {
      form.showErrors(checked.errors);
      return null;
    }
    try {
      const saved = event
        ? await update.mutateAsync({ eventId: event.id, changes: toUpdate(checked.data) })
        : await create.mutateAsync(checked.data);
      form.reset(eventToForm(saved));
      return saved;
    } catch (error) {
      form.showErrors(serverPathErrors(error, placeable));
      return null;
    }
  };

  const openSaved = (saved: Event, state: EditorNavigationState = {}) =>
    // The same editor, now of the saved event: it stays where the organiser was.
    navigate(`/organizer/events/${saved.id}`, { replace: true, state, preventScrollReset: true });

  const run = async (action: EditorAction, work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(action);
    setProblem(null);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  const save = () =>
    run('save', async () => {
      if (event && !form.dirty) {
        toast.info('Everything is already saved.');
        return;
      }
      const saved = await persist();
      if (!saved) return;
      toast.success(event ? 'Changes saved.' : 'Draft saved.');
      if (!event) await openSaved(saved);
    });

  const publish = () =>
    run('publish', async () => {
      const saved = event && !form.dirty ? event : await persist();
      if (!saved) return;
      let refused: ActionProblem | undefined;
      try {
        await transition.mutateAsync({ eventId: saved.id, transition: 'publish' });
        toast.success('Your event is published and on sale.');
      } catch (error) {
        refused = { title: 'The event is saved but not published yet:', reasons: reasonsOf(error) };
        setProblem(refused);
      }
      if (!event) await openSaved(saved, refused ? { problem: refused } : {});
    });

  const changeStatus = (action: 'unpublish' | 'cancel', done: string) => () =>
    run(action, async () => {
      if (!event) return;
      try {
        await transition.mutateAsync({ eventId: event.id, transition: action });
        toast.success(done);
      } catch (error) {
        setProblem({ title: 'That did not work:', reasons: [serverMessage(error)] });
      }
    });

  const duplicate = () =>
    run('duplicate', async () => {
      if (!event) return;
      try {
        const copy = await create.mutateAsync(duplicateInput(event, organizationId));
        toast.success('A draft copy is ready to edit.');
        await navigate(`/organizer/events/${copy.id}`);
      } catch (error) {
        setProblem({ title: 'The event could not be duplicated:', reasons: [serverMessage(error)] });
      }
    });

  return {
    busy,
    problem,
    setProblem,
    save,
    publish,
    unpublish: changeStatus('unpublish', 'The event is back in draft and no longer on sale.'),
    cancel: changeStatus('cancel', 'The event is cancelled.'),
    duplicate,
  };
}
