import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BootState } from '#lib/boot-state.ts';
import { BootStateProvider } from '#lib/public-config.tsx';
import { AppleWalletButton } from './apple-wallet-button.tsx';

const orderId = '11111111-1111-4111-8111-111111111111';
const ticketId = '22222222-2222-4222-8222-222222222222';

function render(appleWallet: boolean, token: string | null) {
  const state = { origin: 'https://admit.test', config: { apiBase: '/api', appleWallet } } as unknown as BootState;
  return renderToStaticMarkup(
    <BootStateProvider value={state}>
      <AppleWalletButton orderId={orderId} ticketId={ticketId} token={token} label="ticket 1 of 2" />
    </BootStateProvider>,
  );
}

describe('Add to Apple Wallet', () => {
  it('is a plain link to the pass for a guest, their key in the address, so Safari opens it into Wallet', () => {
    const html = render(true, 'key/with+signs');
    expect(html).toContain(`<a href="/api/orders/${orderId}/tickets/${ticketId}/apple-wallet.pkpass?token=key%2Fwith%2Bsigns"`);
    expect(html).toContain('aria-label="Add to Apple Wallet: ticket 1 of 2"');
  });

  it('is a button for a signed-in buyer, whose token a link could not carry', () => {
    const html = render(true, null);
    expect(html).toMatch(/^<button type="button"[^>]*>Add to Apple Wallet<\/button>$/);
  });

  it('is not there where the operator set up no Pass Type ID', () => {
    expect(render(false, 'key')).toBe('');
  });
});
