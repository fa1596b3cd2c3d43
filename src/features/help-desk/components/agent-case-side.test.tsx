// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentCase } from '#contract/help-agents.ts';
import { clearScreen, renderScreen } from '#lib/screen.test-helper.tsx';
import { AgentCaseSide } from './agent-case-side.tsx';

afterEach(clearScreen);

const me = '0b7d1c52-5a38-4d0e-9b59-0f8f3c2d6a11';
const colleague = '5f2e7a90-1c44-4b6a-8d3e-2a9b7c6d5e43';

const aCase = (change: Partial<AgentCase> = {}): AgentCase => ({
  id: '9c1e4b7a-3d2f-4e8a-b6c5-7d9e0f1a2b3c',
  reference: 'HC-7K3P',
  subject: 'Refund for a cancelled show',
  categorySlug: 'payments-and-refunds',
  categoryTitle: 'Payments and refunds',
  state: 'open',
  requester: { name: 'Grace Hopper', email: 'grace@example.test', userId: null },
  assignee: null,
  order: null,
  event: null,
  organisation: null,
  createdAt: '2026-05-01T09:00:00.000Z',
  firstReplyDueAt: '2026-05-02T09:00:00.000Z',
  firstRepliedAt: null,
  overdue: false,
  messages: [],
  attachments: [],
  history: [],
  ...change,
});

/** The case's side panel as the signed-in agent `me` sees it. */
async function side(item: AgentCase) {
  const { container } = renderScreen(<AgentCaseSide item={item} />, { session: { signedIn: true, authId: me } });
  await vi.waitFor(() => expect(container.querySelector('aside')).not.toBeNull());
  return {
    buttons: () => [...container.querySelectorAll('button')].map((button) => button.textContent),
    text: () => container.textContent ?? '',
  };
}

describe('a case’s side panel', () => {
  it('offers “Assign to me” on a case nobody or a colleague holds, and not on the agent’s own', async () => {
    expect((await side(aCase())).buttons()).toEqual(['Assign to me']);
    clearScreen();
    expect((await side(aCase({ assignee: { id: colleague, name: 'Kit Support' } }))).buttons()).toEqual([
      'Assign to me',
      'Unassign',
    ]);
    clearScreen();
    const mine = await side(aCase({ assignee: { id: me, name: 'Ada Agent' } }));
    expect(mine.buttons()).toEqual(['Unassign']);
    expect(mine.text()).toContain('Assigned to: Ada Agent');
  });

  it('shows when the first reply is due only until it is sent', async () => {
    expect((await side(aCase({ overdue: true }))).text()).toContain('First reply due');
    clearScreen();
    const replied = await side(aCase({ state: 'pending', firstRepliedAt: '2026-05-01T10:00:00.000Z' }));
    expect(replied.text()).not.toContain('First reply due');
    expect(replied.text()).not.toContain('overdue');
  });
});
