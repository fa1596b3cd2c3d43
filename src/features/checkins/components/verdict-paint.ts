import type { Verdict } from '../engine/verdict.ts';
import { deviceText, testBadgeText, verdictExplanation, whenText } from '../utils/verdict-copy.ts';

/** Which of the overlay's panels shows a verdict: one per result, and one while the server is asked. */
export const panelKey = (verdict: Verdict) => (verdict.state === 'final' ? verdict.result : 'checking');

/** The text of one of a panel's slots (`data-slot`); an empty slot is hidden by its CSS (`empty:hidden`). */
function fill(panel: HTMLElement, slot: string, text: string): void {
  const node = panel.querySelector<HTMLElement>(`[data-slot="${slot}"]`);
  if (node && node.textContent !== text) node.textContent = text;
}

function details(verdict: Verdict, deviceId: string) {
  const { ticket, firstCheckIn } = verdict;
  return {
    holder: ticket?.holderName ?? '',
    ticket: ticket
      ? [ticket.typeName, ticket.orderReference ? `Order ${ticket.orderReference}` : null].filter(Boolean).join(' · ')
      : '',
    first: firstCheckIn ? `First scanned ${whenText(firstCheckIn.at, Date.now())} on ${deviceText(firstCheckIn, deviceId)}` : '',
  };
}

/**
 * Shows a verdict on panels rendered beforehand, without a React render: the verdict's panel gets its few words
 * and `data-verdict` (which makes it visible), the panel shown before loses it. Only the words change in the
 * frame, so it lays out and paints one contained panel.
 */
export function paintVerdict(root: HTMLElement, verdict: Verdict | null, deviceId: string): void {
  const key = verdict ? panelKey(verdict) : null;
  for (const panel of root.querySelectorAll<HTMLElement>('[data-panel]')) {
    if (panel.dataset.panel !== key) {
      if (panel.hasAttribute('data-verdict')) {
        panel.removeAttribute('data-verdict');
        panel.removeAttribute('role');
      }
      continue;
    }
    if (!verdict) continue;
    if (verdict.state === 'final') {
      const text = details(verdict, deviceId);
      fill(panel, 'explanation', verdictExplanation(verdict.result, verdict));
      fill(panel, 'holder', text.holder);
      fill(panel, 'ticket', text.ticket);
      fill(panel, 'first', text.first);
      fill(panel, 'test', testBadgeText(verdict.result, verdict.ticket));
    }
    fill(panel, 'decided', verdict.decidedBy === 'device' ? 'Decided on this device' : 'Checked with the server');
    panel.setAttribute('role', 'alert');
    panel.dataset.verdict = key as string;
  }
}
