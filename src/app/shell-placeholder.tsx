/**
 * What the app shell shows for the moment before its code runs (from the device, a few hundred
 * milliseconds at most): the brand bar and a quiet status, no page and nothing of the visitor.
 */
export function ShellPlaceholder() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <div className="h-14 bg-white shadow-sm ring-1 ring-slate-200">
        <div className="mx-auto flex h-full max-w-6xl items-center px-4 font-bold text-indigo-700 text-xl">Admit</div>
      </div>
      <p role="status" className="p-8 text-center text-slate-600">
        Opening Admit…
      </p>
    </div>
  );
}
