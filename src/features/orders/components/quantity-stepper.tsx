import type { QuantityBounds } from '../utils/ticket-choice.ts';
import { stepDown, stepUp } from '../utils/ticket-choice.ts';

interface QuantityStepperProps {
  /** The ticket type's name, for the buttons' labels. */
  name: string;
  quantity: number;
  bounds: QuantityBounds;
  onChange(quantity: number): void;
  /** Off until the page is interactive: a button that does nothing yet would be a lie. */
  enabled: boolean;
}

const stepButtonClass =
  'inline-flex size-11 items-center justify-center rounded-full font-bold text-2xl leading-none ring-1 transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** − n + with 44px targets; from none it jumps to the type's minimum, and stops at its maximum. */
export function QuantityStepper({ name, quantity, bounds, onChange, enabled }: QuantityStepperProps) {
  return (
    <fieldset className="flex shrink-0 items-center gap-1">
      <legend className="sr-only">{name} quantity</legend>
      <button
        type="button"
        aria-label={`Remove one ${name} ticket`}
        disabled={!enabled || quantity === 0}
        onClick={() => onChange(stepDown(quantity, bounds))}
        className={`${stepButtonClass} bg-white text-slate-800 ring-slate-300 hover:bg-slate-100`}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output aria-live="polite" aria-label={`${name}: ${quantity}`} className="w-9 text-center font-bold text-lg tabular-nums">
        {quantity}
      </output>
      <button
        type="button"
        aria-label={`Add one ${name} ticket`}
        disabled={!enabled || quantity >= bounds.max}
        onClick={() => onChange(stepUp(quantity, bounds))}
        className={`${stepButtonClass} bg-indigo-600 text-white ring-indigo-600 hover:bg-indigo-700`}
      >
        <span aria-hidden="true">+</span>
      </button>
    </fieldset>
  );
}
