import type { EventForm } from '../../hooks/use-event-form.ts';

/**
 * The event's test mode, a switch: while it is on, the door admits TEST tickets (paid in the payment sandbox),
 * so the organiser can rehearse the door before real guests come.
 */
export function TestModeField({ form }: { form: EventForm }) {
  const on = form.values.testMode;
  return (
    <div className="space-y-3">
      <label className="flex min-h-11 cursor-pointer items-start justify-between gap-4">
        <span>
          <span className="block font-semibold text-slate-900">Test mode</span>
          <span id="test-mode-help" className="block text-slate-600 text-sm">
            The door admits TEST tickets while this is on — use it to rehearse the door.
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-2">
          <span aria-hidden="true" className="w-7 text-right font-semibold text-slate-700 text-sm">
            {on ? 'On' : 'Off'}
          </span>
          <input
            type="checkbox"
            role="switch"
            name="testMode"
            checked={on}
            aria-checked={on}
            aria-describedby="test-mode-help"
            onChange={(event) => form.set('testMode', event.target.checked)}
            className="relative h-8 w-14 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-1 before:left-1 before:size-6 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-amber-500 checked:before:translate-x-6 focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
          />
        </span>
      </label>
      {on ? (
        <p className="rounded-xl bg-amber-50 p-3 text-amber-950 text-sm ring-1 ring-amber-200">
          TEST tickets get in at this event’s door. Turn test mode off before real guests arrive.
        </p>
      ) : null}
    </div>
  );
}
