import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import type { DoorEngine, Verdict } from '../engine/door-engine.ts';
import { signal } from '../engine/feedback.ts';
import { deviceText, verdictExplanation, verdictLooks, whenText } from '../utils/verdict-copy.ts';
import { VerdictIcon } from './verdict-icon.tsx';

const measureName = 'door-verdict';

/**
 * After the frame that shows the verdict: the time from reading the code to the painted verdict, then sound,
 * then the engine's work kept back for the paint (storing done, counts and recent scans).
 */
function afterPaint(verdict: Verdict, engine: DoorEngine) {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      if (verdict.state === 'final') {
        performance.measure(measureName, { start: verdict.readAt, end: performance.now() });
        if (performance.getEntriesByName(measureName).length > 1000) performance.clearMeasures(measureName);
        signal(verdict.result);
      }
      engine.painted(verdict.seq);
      channel.port1.close();
    };
    channel.port2.postMessage(null);
  });
}

function Checking() {
  return (
    <span className="flex flex-1 flex-col items-center justify-center gap-6 bg-slate-800 text-white">
      <span className="size-20 animate-spin rounded-full border-8 border-white/30 border-t-white" aria-hidden="true" />
      <span className="font-black text-5xl">Checking…</span>
    </span>
  );
}

function Details({ verdict, deviceId }: { verdict: Verdict; deviceId: string }) {
  const { ticket, firstCheckIn } = verdict;
  return (
    <span className="flex flex-col items-center gap-2 text-center">
      {ticket?.holderName ? <span className="font-bold text-3xl leading-tight">{ticket.holderName}</span> : null}
      {ticket && (ticket.typeName || ticket.orderReference) ? (
        <span className="font-semibold text-xl opacity-95">
          {[ticket.typeName, ticket.orderReference ? `Order ${ticket.orderReference}` : null].filter(Boolean).join(' · ')}
        </span>
      ) : null}
      {firstCheckIn ? (
        <span className="mt-2 rounded-2xl bg-black/20 px-4 py-3 font-semibold text-xl">
          First scanned {whenText(firstCheckIn.at, Date.now())} on {deviceText(firstCheckIn, deviceId)}
        </span>
      ) : null}
    </span>
  );
}

/** The verdict, filling the screen: colour, icon, words; a tap goes back to scanning. */
export function VerdictOverlay({ engine }: { engine: DoorEngine }) {
  const verdict = useSyncExternalStore(engine.verdict.subscribe, engine.verdict.get, () => null);

  useLayoutEffect(() => {
    if (verdict) afterPaint(verdict, engine);
  }, [verdict, engine]);

  useEffect(() => {
    if (verdict?.state !== 'final') return;
    const timer = window.setTimeout(() => engine.dismiss(), verdict.result === 'valid' ? 2500 : 6000);
    return () => window.clearTimeout(timer);
  }, [verdict, engine]);

  // Always in the page, in a layer of its own with its layout and paint contained: showing a verdict lays out and
  // paints the overlay alone, never the scan screen under it.
  if (!verdict) return <div className="invisible fixed inset-0 z-40 [contain:strict] [will-change:transform]" />;
  const look = verdictLooks[verdict.result];
  return (
    <div
      role="alert"
      aria-live="assertive"
      className="fixed inset-0 z-40 flex flex-col [contain:strict] [will-change:transform]"
      data-verdict={verdict.state === 'final' ? verdict.result : 'checking'}
    >
      <button
        type="button"
        onClick={() => engine.dismiss()}
        className="flex flex-1 flex-col text-left"
        aria-label="Scan the next ticket"
      >
        {verdict.state === 'checking' ? (
          <Checking />
        ) : (
          <span className={`flex flex-1 flex-col items-center justify-center gap-4 px-6 py-8 ${look.tone}`}>
            <VerdictIcon icon={look.icon} />
            <span className="text-center font-black text-6xl uppercase leading-none tracking-tight">{look.title}</span>
            <span className="text-center font-bold text-2xl">{verdictExplanation(verdict.result, verdict)}</span>
            <span
              className={`rounded-full px-5 py-2 font-black text-2xl uppercase ${look.admit ? 'bg-white text-emerald-800' : 'bg-black/30'}`}
            >
              {look.action}
            </span>
            <Details verdict={verdict} deviceId={engine.deviceId} />
          </span>
        )}
        <span className="flex min-h-16 items-center justify-between gap-3 bg-slate-950 px-5 py-3 font-semibold text-lg text-white">
          <span>{verdict.decidedBy === 'device' ? 'Decided on this device' : 'Checked with the server'}</span>
          <span className="rounded-xl bg-white px-4 py-2 text-slate-950">Next ›</span>
        </span>
      </button>
    </div>
  );
}
