import { testCards } from '../utils/card-input.ts';

interface TestCardsProps {
  onUse(number: string): void;
  enabled: boolean;
}

/** The sandbox's test cards, each one tap away from the form. */
export function TestCards({ onUse, enabled }: TestCardsProps) {
  return (
    <section aria-labelledby="test-cards-title" className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <h2 id="test-cards-title" className="font-bold text-amber-950">
        Test cards
      </h2>
      <p className="text-amber-900 text-sm">Any future expiry date, any 3-digit CVC and any name.</p>
      <ul className="mt-2 divide-y divide-amber-200">
        {testCards.map((card) => (
          <li key={card.number} className="flex items-center justify-between gap-3 py-2">
            <div>
              <p className="font-mono text-base text-slate-900 tracking-wide">{card.number}</p>
              <p className="text-amber-900 text-sm">{card.outcome}</p>
            </div>
            <button
              type="button"
              disabled={!enabled}
              onClick={() => onUse(card.number)}
              aria-label={`Use ${card.number} (${card.outcome.toLowerCase()})`}
              className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-white px-3 font-semibold text-amber-950 text-sm ring-1 ring-amber-300 hover:bg-amber-100 disabled:opacity-50"
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
