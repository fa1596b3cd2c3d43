import { type FormEvent, useState } from 'react';

/** A code typed (or pasted) by hand: for a damaged QR code, or a hardware scanner focused into the field. */
export function ManualEntry({ onSubmit }: { onSubmit: (code: string) => void }) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    onSubmit(code);
    setCode('');
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <label htmlFor="door-manual-code" className="sr-only">
        Ticket code
      </label>
      <input
        id="door-manual-code"
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="go"
        placeholder="Type a ticket code"
        className="min-h-14 min-w-0 flex-1 rounded-2xl border-2 border-white/20 bg-white/10 px-4 font-mono text-lg text-white placeholder:text-slate-400 focus:border-white focus:outline-none"
      />
      <button type="submit" className="min-h-14 rounded-2xl bg-white px-5 font-bold text-lg text-slate-950 active:bg-slate-200">
        Check
      </button>
    </form>
  );
}
