// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DoorEngine } from '../engine/door-engine.ts';
import type { Verdict } from '../engine/verdict.ts';
import { VerdictOverlay } from './verdict-overlay.tsx';
import { paintVerdict } from './verdict-paint.ts';

const engine = { deviceId: 'device-1' } as DoorEngine;

function verdict(change: Partial<Verdict>): Verdict {
  return {
    seq: 1,
    state: 'final',
    result: 'valid',
    ticket: { id: 't1', typeName: 'Standing', holderName: 'Ada Lovelace', orderReference: 'R7KX', test: false },
    firstCheckIn: null,
    decidedBy: 'device',
    notInList: false,
    malformed: false,
    manual: false,
    direction: 'in',
    clientScanId: 'scan-1',
    readAt: 0,
    scannedAt: '2026-05-01T19:00:00.000Z',
    ...change,
  };
}

let root: HTMLElement;
const shown = () => root.querySelectorAll<HTMLElement>('[data-verdict]');

describe('paintVerdict', () => {
  beforeEach(() => {
    document.body.innerHTML = renderToStaticMarkup(<VerdictOverlay engine={engine} />);
    root = document.body.firstElementChild as HTMLElement;
  });

  it('shows the verdict’s own panel, with the ticket and who decided, and no other', () => {
    paintVerdict(root, verdict({}), engine.deviceId);
    expect(shown()).toHaveLength(1);
    const panel = shown()[0] as HTMLElement;
    expect(panel.dataset.verdict).toBe('valid');
    expect(panel.getAttribute('role')).toBe('alert');
    expect(panel.textContent).toContain('Ada Lovelace');
    expect(panel.textContent).toContain('Standing · Order R7KX');
    expect(panel.textContent).toContain('Genuine ticket for this event.');
    expect(panel.textContent).toContain('Decided on this device');
    expect(panel.textContent).not.toContain('Invalid ticket');
  });

  it('moves to the next verdict’s panel, says when and where a ticket was first admitted, and clears on dismiss', () => {
    paintVerdict(root, verdict({}), engine.deviceId);
    paintVerdict(
      root,
      verdict({
        seq: 2,
        result: 'already_used',
        decidedBy: 'server',
        firstCheckIn: { at: '2026-05-01T18:00:00.000Z', deviceId: 'device-1', deviceName: null },
      }),
      engine.deviceId,
    );
    expect(shown()).toHaveLength(1);
    const panel = shown()[0] as HTMLElement;
    expect(panel.dataset.verdict).toBe('already_used');
    expect(panel.textContent).toContain('on this device');
    expect(panel.textContent).toContain('Checked with the server');
    expect(root.querySelector('[data-panel="valid"]')?.hasAttribute('role')).toBe(false);

    paintVerdict(root, null, engine.deviceId);
    expect(shown()).toHaveLength(0);
    expect(root.querySelectorAll('[role="alert"]')).toHaveLength(0);
  });

  it('shows a question to the server on its own panel, and an unknown code without a ticket', () => {
    paintVerdict(root, verdict({ state: 'checking', decidedBy: 'server' }), engine.deviceId);
    expect((shown()[0] as HTMLElement).dataset.verdict).toBe('checking');
    paintVerdict(root, verdict({ seq: 2, result: 'invalid', ticket: null, malformed: true }), engine.deviceId);
    const panel = shown()[0] as HTMLElement;
    expect(panel.dataset.verdict).toBe('invalid');
    expect(panel.textContent).toContain('This is not an Admit ticket code.');
    expect(panel.querySelector('[data-slot="holder"]')?.textContent).toBe('');
  });

  it('refuses a TEST ticket on a panel of its own, saying it is not valid for entry', () => {
    const test = { id: 't2', typeName: 'Standing', holderName: 'Tess Tester', orderReference: 'T3ST', test: true };
    paintVerdict(root, verdict({ result: 'test_ticket', ticket: test }), engine.deviceId);
    const panel = shown()[0] as HTMLElement;
    expect(panel.dataset.verdict).toBe('test_ticket');
    expect(panel.textContent).toContain('TEST ticket');
    expect(panel.textContent).toContain('Not valid for entry');
    expect(panel.textContent).toContain('Do not admit');
    // The title says it already: no badge on top of it.
    expect(panel.querySelector('[data-slot="test"]')?.textContent).toBe('');
  });

  it('admits a TEST ticket at an event in test mode with a TEST badge, and drops the badge for the next ticket', () => {
    const test = { id: 't2', typeName: 'Standing', holderName: 'Tess Tester', orderReference: 'T3ST', test: true };
    paintVerdict(root, verdict({ ticket: test }), engine.deviceId);
    const badge = () => (shown()[0] as HTMLElement).querySelector('[data-slot="test"]')?.textContent;
    expect((shown()[0] as HTMLElement).dataset.verdict).toBe('valid');
    expect(badge()).toBe('TEST ticket · test mode');
    paintVerdict(root, verdict({ seq: 2 }), engine.deviceId);
    expect(badge()).toBe('');
  });
});
