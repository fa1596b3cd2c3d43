// @vitest-environment jsdom
import { type FormEvent, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { offlineMessage } from '#lib/offline-message.ts';
import { clearScreen, renderScreen } from '#lib/screen.test-helper.tsx';
import { formErrorKey } from './form-errors.ts';
import { type LazySchemas, lazySchemas } from './lazy-schemas.ts';
import { useFormFields } from './use-form-fields.ts';

const module = { nameSchema: z.object({ name: z.string().trim().min(1, 'Enter your name.') }) };
type Module = typeof module;

/** A module load the test ends: `deliver` with the module, or `fail` as a dropped connection would. */
function heldLoad() {
  const loads: { resolve: (value: Module) => void; reject: (error: Error) => void }[] = [];
  const load = () => new Promise<Module>((resolve, reject) => loads.push({ resolve, reject }));
  return { load, loads };
}

function NameForm({ schemas, onData }: { schemas: LazySchemas<Module>; onData: (data: { name: string }) => void }) {
  const { formRef, errors, field, checkWith } = useFormFields({ name: '' }, { schemas });
  const [checks, setChecks] = useState(0);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = await checkWith((found) => found.nameSchema);
    setChecks((count) => count + 1);
    if (data) onData(data);
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <p id="form-error">{errors[formErrorKey] ?? ''}</p>
      <input {...field('name')} aria-invalid={Boolean(errors.name)} />
      <p id="name-error">{errors.name ?? ''}</p>
      <p id="checks">{checks}</p>
    </form>
  );
}

const text = (id: string) => document.getElementById(id)?.textContent ?? '';
const submitForm = () => document.querySelector('form')?.requestSubmit();
const typeName = (value: string) => {
  const input = document.querySelector('input') as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('a form whose schemas load after the page', () => {
  afterEach(clearScreen);

  it('asks for the module once the page is idle, and only once however often it is needed', async () => {
    const { load, loads } = heldLoad();
    const schemas = lazySchemas(load);
    expect(loads).toHaveLength(0);
    schemas.preload();
    await vi.waitFor(() => expect(loads).toHaveLength(1));
    const twice = [schemas.get(), schemas.get()];
    expect(loads).toHaveLength(1);
    loads[0]?.resolve(module);
    expect(await Promise.all(twice)).toEqual([module, module]);
  });

  it('tries again after a load that failed', async () => {
    const { load, loads } = heldLoad();
    const schemas = lazySchemas(load);
    const first = schemas.get();
    loads[0]?.reject(new Error('Failed to fetch dynamically imported module'));
    await expect(first).rejects.toThrow('Failed to fetch');
    const second = schemas.get();
    expect(loads).toHaveLength(2);
    loads[1]?.resolve(module);
    expect(await second).toBe(module);
  });

  it('moves focus to the first marked field once its message is on the page, however soon the next frame comes', async () => {
    const { load, loads } = heldLoad();
    // A frame that comes before React has put the messages on the page (a slow phone, a check that waited).
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
    try {
      renderScreen(<NameForm schemas={lazySchemas(load)} onData={vi.fn()} />);
      await vi.waitFor(() => expect(document.querySelector('form')).not.toBeNull());
      submitForm();
      await vi.waitFor(() => expect(loads.length).toBeGreaterThan(0));
      loads[0]?.resolve(module);
      await vi.waitFor(() => expect(text('name-error')).toBe('Enter your name.'));
      await vi.waitFor(() => expect(document.activeElement).toBe(document.querySelector('input')));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('checks a submit that came before the module once it arrives, and sends once however often it was tapped', async () => {
    const { load, loads } = heldLoad();
    const sent = vi.fn();
    renderScreen(<NameForm schemas={lazySchemas(load)} onData={sent} />);
    await vi.waitFor(() => expect(document.querySelector('form')).not.toBeNull());
    typeName('Alex');
    await vi.waitFor(() => expect((document.querySelector('input') as HTMLInputElement).value).toBe('Alex'));
    submitForm();
    submitForm();
    await vi.waitFor(() => expect(loads.length).toBeGreaterThan(0));
    for (const pending of loads) pending.resolve(module);
    await vi.waitFor(() => expect(text('checks')).toBe('2'));
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith({ name: 'Alex' });
  });

  it("shows the schema's messages and sends nothing when a value is wrong", async () => {
    const sent = vi.fn();
    renderScreen(<NameForm schemas={lazySchemas(async () => module)} onData={sent} />);
    await vi.waitFor(() => expect(document.querySelector('form')).not.toBeNull());
    submitForm();
    await vi.waitFor(() => expect(text('name-error')).toBe('Enter your name.'));
    expect(sent).not.toHaveBeenCalled();
  });

  it('says the device is offline when the module cannot be fetched, and sends nothing', async () => {
    const { load, loads } = heldLoad();
    const sent = vi.fn();
    renderScreen(<NameForm schemas={lazySchemas(load)} onData={sent} />);
    await vi.waitFor(() => expect(document.querySelector('form')).not.toBeNull());
    typeName('Alex');
    submitForm();
    await vi.waitFor(() => expect(loads.length).toBeGreaterThan(0));
    for (const pending of loads) pending.reject(new Error('Failed to fetch dynamically imported module'));
    await vi.waitFor(() => expect(text('form-error')).toBe(offlineMessage));
    expect(sent).not.toHaveBeenCalled();
  });
});
