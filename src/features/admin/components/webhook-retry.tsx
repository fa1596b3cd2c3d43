import { buttonClass } from '#components/button.ts';
import { toast } from '#lib/toasts.tsx';
import { useRetryWebhook } from '../api/money.ts';
import { ActionProblem } from './action-problem.tsx';

const outcomeText: Record<string, string> = {
  paid: 'Applied: the order is paid and its tickets are on their way to the buyer.',
  unknown_payment: 'Still no payment matches this delivery; it stays in the failed list.',
  failed: 'Applied: the payment is recorded as failed.',
  expired: 'Applied: the checkout is recorded as expired.',
  ignored: 'Applied: the event needs nothing from Admit.',
};

/** Applies a delivery that matched no payment again, as the provider's redelivery would be. */
export function RetryWebhookButton({ deliveryId }: { deliveryId: string }) {
  const retry = useRetryWebhook();
  return (
    <button
      type="button"
      className={buttonClass('secondary', 'small')}
      disabled={retry.isPending}
      aria-busy={retry.isPending}
      onClick={() =>
        retry
          .mutateAsync(deliveryId)
          .then(({ outcome }) => toast.success(outcomeText[outcome] ?? `Applied: ${outcome.replaceAll('_', ' ')}.`))
          .catch((failure: unknown) => toast.error(<ActionProblem failure={failure} />))
      }
    >
      Apply again
    </button>
  );
}
