import { type ReactNode, useLayoutEffect, useRef } from 'react';
import type { CheckinResult } from '#contract/checkins.ts';
import type { DoorEngine } from '../engine/door-engine.ts';
import { signal } from '../engine/feedback.ts';
import type { Verdict } from '../engine/verdict.ts';
import { afterNextPaint } from '../utils/after-next-paint.ts';
import { verdictLooks } from '../utils/verdict-copy.ts';
import { VerdictIcon } from './verdict-icon.tsx';
import { paintVerdict } from './verdict-paint.ts';

const measureName = 'door-verdict';
const results = Object.keys(verdictLooks) as CheckinResult[];

/**
 * After the frame that shows the verdict: the time from reading the code to the painted verdict, then sound,
 * then the engine's work kept back for the paint (storing done, counts and recent scans).
 */
function afterPaint(verdict: Verdict, engine: DoorEngine) {
  afterNextPaint(() => {
    if (verdict.state === 'final') {
      performance.measure(measureName, { start: verdict.readAt, end: performance.now() });
      if (performance.getEntriesByName(measureName).length > 1000) performance.clearMeasures(measureName);
      signal(verdict.result);
    }
    engine.painted(verdict.seq);
  });
}

/** A whole-screen panel, hidden until it carries `data-verdict`; a tap goes back to scanning. */
function Panel({ name, onDismiss, children }: { name: string; onDismiss: () => void; children: ReactNode }) {
  return (
    <div data-panel={name} aria-live="assertive" className="group invisible absolute inset-0 flex flex-col data-verdict:visible">
      <button type="button" onClick={onDismiss} className="flex flex-1 flex-col text-left" aria-label="Scan the next ticket">
        {children}
        <span className="flex min-h-16 items-center justify-between gap-3 bg-slate-950 px-5 py-3 font-semibold text-lg text-white">
          <span data-slot="decided" />
          <span className="rounded-xl bg-white px-4 py-2 text-slate-950">Next ›</span>
        </span>
      </button>
    </div>
  );
}

function Checking({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Panel name="checking" onDismiss={onDismiss}>
      <span className="flex flex-1 flex-col items-center justify-center gap-6 bg-slate-800 text-white">
        {/* Spins only while shown: a hidden animation would still cost every frame. */}
        <span
          className="size-20 rounded-full border-8 border-white/30 border-t-white group-data-verdict:animate-spin"
          aria-hidden="true"
        />
        <span className="font-black text-5xl">Checking…</span>
      </span>
    </Panel>
  );
}

function ResultPanel({ result, onDismiss }: { result: CheckinResult; onDismiss: () => void }) {
  const look = verdictLooks[result];
  return (
    <Panel name={result} onDismiss={onDismiss}>
      <span className={`flex flex-1 flex-col items-center justify-center gap-4 px-6 py-8 ${look.tone}`}>
        <VerdictIcon icon={look.icon} />
        <span
          data-slot="test"
          className="rounded-lg bg-amber-300 px-4 py-1 font-black text-amber-950 text-xl uppercase tracking-wide ring-4 ring-amber-950 empty:hidden"
        />
        <span className="text-center font-black text-6xl uppercase leading-none tracking-tight">{look.title}</span>
        <span data-slot="explanation" className="text-center font-bold text-2xl" />
        <span
          className={`rounded-full px-5 py-2 font-black text-2xl uppercase ${look.admit ? 'bg-white text-emerald-800' : 'bg-black/30'}`}
        >
          {look.action}
        </span>
        <span className="flex flex-col items-center gap-2 text-center">
          <span data-slot="holder" className="font-bold text-3xl leading-tight empty:hidden" />
          <span data-slot="ticket" className="font-semibold text-xl opacity-95 empty:hidden" />
          <span data-slot="first" className="mt-2 rounded-2xl bg-black/20 px-4 py-3 font-semibold text-xl empty:hidden" />
        </span>
      </span>
    </Panel>
  );
}

/**
 * The verdict, filling the screen: colour, icon, words. Every verdict's panel is in the page from the start, laid
 * out and hidden; a scan shows its panel by an attribute and a few words (paintVerdict), in the task that read the
 * code, with no render. The layer is its own, with layout and paint contained: a verdict never lays out or paints
 * the scan screen under it.
 */
export function VerdictOverlay({ engine }: { engine: DoorEngine }) {
  const root = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    let timer = 0;
    const show = () => {
      const verdict = engine.verdict.get();
      paintVerdict(element, verdict, engine.deviceId);
      window.clearTimeout(timer);
      if (!verdict) return;
      afterPaint(verdict, engine);
      if (verdict.state === 'final') timer = window.setTimeout(() => engine.dismiss(), verdict.result === 'valid' ? 2500 : 6000);
    };
    const unsubscribe = engine.verdict.subscribe(show);
    if (engine.verdict.get()) show();
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [engine]);

  const dismiss = () => engine.dismiss();
  return (
    <div ref={root} className="invisible fixed inset-0 z-40 [contain:strict] [will-change:transform]">
      {results.map((result) => (
        <ResultPanel key={result} result={result} onDismiss={dismiss} />
      ))}
      <Checking onDismiss={dismiss} />
    </div>
  );
}
