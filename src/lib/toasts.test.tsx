import { describe, expect, it } from 'vitest';
import { toastSettings } from './toasts.tsx';

describe('toasts', () => {
  it('are configured as the product specifies', () => {
    expect(toastSettings).toMatchObject({
      position: 'top-center',
      autoClose: 3000,
      limit: 1,
      hideProgressBar: true,
      closeButton: true,
    });
  });
});
