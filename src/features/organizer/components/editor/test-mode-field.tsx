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
          <span className="relative inline-flex h-8 w-14 shrink-0">
            <input
              type="checkbox"
              role="switch"
              name="testMode"
              checked={on}
              aria-checked={on}
              aria-describedby="test-mode-help"
              onChange={(event) => form.set('testMode', event.target.checked)}
              className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
            />
            <span
              aria-hidden="true"
              className="size-full rounded-full bg-slate-500 transition-colors peer-checked:bg-amber-600 peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-600 peer-focus-visible:outline-offset-2 peer-disabled:opacity-60"
            />
            <span
              aria-hidden="true"
              className="absolute top-1 left-1 size-6 rounded-full bg-white shadow transition-transform peer-checked:translate-x-6"
            />
          </span>
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
