import { testStripes } from '#components/test-badge.tsx';

/** Loud and unmistakable: nothing on this page moves real money. */
export function TestModeBanner() {
  return (
    <div
      role="note"
      aria-label="Test mode"
      className={`-mx-5 -mt-5 mb-5 rounded-t-2xl px-5 py-3 sm:-mx-10 sm:-mt-10 sm:px-10 ${testStripes}`}
    >
      <p className="font-extrabold text-lg tracking-wide">TEST MODE</p>
      <p className="font-medium text-sm">Admit’s payment sandbox. No real card is charged and no money moves.</p>
    </div>
  );
}
