// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BootState } from '../lib/boot-state.ts';
import { BootStateProvider } from '../lib/public-config.tsx';
import { DevMailboxNote } from './dev-mailbox-note.tsx';

const drawn = (devMailbox: boolean) =>
  renderToString(
    <BootStateProvider value={{ config: { apiBase: '/api', devMailbox } } as unknown as BootState}>
      <MemoryRouter>
        <DevMailboxNote what="the code" />
      </MemoryRouter>
    </BootStateProvider>,
  );

describe('the development mailbox note', () => {
  it('sends a person on a local instance that mails nothing to the mailbox for their code', () => {
    expect(drawn(true).replaceAll('<!-- -->', '')).toContain('read the code in the');
    expect(drawn(true)).toContain('href="/dev/mailbox"');
  });

  it('says nothing where mail is really sent', () => {
    expect(drawn(false)).toBe('');
  });
});
