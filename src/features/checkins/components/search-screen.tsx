import { useDeferredValue, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCount } from '#contract/count-text.ts';
import type { DoorEngine } from '../engine/door-engine.ts';
import type { ManifestRow } from '../engine/manifest.ts';
import { useWakeLock } from '../hooks/use-wake-lock.ts';
import { deviceText, verdictLooks, whenText } from '../utils/verdict-copy.ts';
import { ModeLine } from './door-status.tsx';
import { VerdictOverlay } from './verdict-overlay.tsx';

function TicketRow({ engine, row, onChoose }: { engine: DoorEngine; row: ManifestRow; onChoose: (row: ManifestRow) => void }) {
  const first = engine.manifest.checkIn(row.id);
  const undo = engine.undoable(row.id);
  const refusal =
    row.status === 'unpaid'
      ? 'unpaid'
      : row.status === 'voided' || engine.manifest.revoked.has(row.id)
        ? 'voided'
        : row.test && !engine.manifest.testMode
          ? 'test_ticket'
          : null;
  const blocked = refusal !== null;
  return (
    <li className="space-y-2 px-4 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-bold text-lg">
            {row.test ? (
              <span className="mr-2 rounded bg-amber-300 px-1.5 py-0.5 align-middle font-black text-amber-950 text-xs">TEST</span>
            ) : null}
            {row.holderName}
          </p>
          <p className="text-slate-300 text-sm">
            {row.typeName} · Order {row.orderReference}
            {row.buyerEmail ? ` · ${row.buyerEmail}` : ''}
          </p>
          <p className="font-mono text-slate-400 text-xs">
            AD1{row.codeStart}… · {row.id.slice(0, 8)}
          </p>
        </div>
        {refusal ? (
          <span className={`shrink-0 rounded-full px-3 py-1 font-bold text-sm ${verdictLooks[refusal].tone}`}>
            {verdictLooks[refusal].title}
          </span>
        ) : first ? (
          <span className="shrink-0 rounded-full bg-amber-400 px-3 py-1 font-bold text-slate-950 text-sm">Checked in</span>
        ) : null}
      </div>
      {first ? (
        <p className="text-slate-300 text-sm">
          Checked in {whenText(first.at, Date.now())} on {deviceText(first, engine.deviceId)}
        </p>
      ) : null}
      <div className="flex gap-2">
        {!first && !blocked ? (
          <button
            type="button"
            onClick={() => onChoose(row)}
            className="min-h-12 flex-1 rounded-xl bg-emerald-500 px-4 font-bold text-slate-950 active:bg-emerald-400"
          >
            Check in…
          </button>
        ) : null}
        {undo ? (
          <button
            type="button"
            onClick={() => void engine.undo(undo.clientScanId, 'Undone from search')}
            className="min-h-12 flex-1 rounded-xl border-2 border-white/40 px-4 font-bold"
          >
            Undo check-in
          </button>
        ) : null}
      </div>
    </li>
  );
}

function Confirm({ row, onCancel, onConfirm }: { row: ManifestRow; onCancel: () => void; onConfirm: () => void }) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="confirm-title"
      className="fixed inset-0 z-30 flex items-end bg-black/70 sm:items-center sm:justify-center"
    >
      <div className="w-full space-y-4 rounded-t-3xl bg-white p-6 text-slate-950 sm:max-w-md sm:rounded-3xl">
        <h2 id="confirm-title" className="font-bold text-2xl">
          Check in {row.holderName}?
        </h2>
        <p className="text-lg">
          {row.typeName} · Order {row.orderReference}. Check their name or order before admitting without a scan.
        </p>
        <div className="flex gap-3">
          <button
            type="button"
            onClick={onCancel}
            className="min-h-14 flex-1 rounded-2xl border-2 border-slate-300 font-bold text-lg"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            className="min-h-14 flex-1 rounded-2xl bg-emerald-600 font-bold text-lg text-white"
          >
            Check in
          </button>
        </div>
      </div>
    </div>
  );
}

/** Find a ticket on the device by name, email, order or code; check in by hand; undo within 2 minutes. */
export function SearchScreen({ engine }: { engine: DoorEngine }) {
  // A name or order reference typed into the scanner's code field arrives as `q`.
  const [params] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [choosing, setChoosing] = useState<ManifestRow | null>(null);
  const deferred = useDeferredValue(query);
  useWakeLock(true);
  // Re-render after a check-in, an undo or a sync.
  useSyncExternalStore(engine.status.subscribe, engine.status.get, engine.status.get);
  const found = deferred.trim().length >= 2 ? engine.search(deferred, 30) : { rows: [], more: false };
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col gap-4 px-4 pb-8">
      <div className="space-y-2">
        <h1 className="font-bold text-2xl leading-tight">Search · {engine.record.event.title}</h1>
        <ModeLine engine={engine} />
      </div>
      <label htmlFor="door-search" className="sr-only">
        Name, email, order reference or ticket code
      </label>
      <input
        id="door-search"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Name, email, order or code"
        autoComplete="off"
        spellCheck={false}
        className="min-h-14 rounded-2xl border-2 border-white/20 bg-white/10 px-4 text-lg text-white placeholder:text-slate-400 focus:border-white focus:outline-none"
      />
      {deferred.trim().length >= 2 ? (
        <p className="text-slate-300" aria-live="polite">
          {found.rows.length === 0 ? 'No ticket on this device matches.' : `${found.rows.length}${found.more ? '+' : ''} found`}
        </p>
      ) : (
        <p className="text-slate-400">
          Searches the {formatCount(engine.manifest.rows.size)} tickets on this device — works offline.
        </p>
      )}
      {found.rows.length > 0 ? (
        <ul className="divide-y divide-white/10 rounded-2xl bg-white/5" data-testid="search-results">
          {found.rows.map((row) => (
            <TicketRow key={row.id} engine={engine} row={row} onChoose={setChoosing} />
          ))}
        </ul>
      ) : null}
      <Link
        to={`/organizer/validate-ticket/scan?event=${encodeURIComponent(engine.eventId)}`}
        className="flex min-h-14 items-center justify-center rounded-2xl bg-white font-bold text-lg text-slate-950"
      >
        Back to scanning
      </Link>
      {choosing ? (
        <Confirm
          row={choosing}
          onCancel={() => setChoosing(null)}
          onConfirm={() => {
            const row = choosing;
            setChoosing(null);
            void engine.scan(row.id, { manual: true });
          }}
        />
      ) : null}
      <VerdictOverlay engine={engine} />
    </div>
  );
}
