import { Workbox } from 'workbox-window';
import { toast } from './toasts.tsx';

function UpdatePrompt({ onReload }: { onReload: () => void }) {
  return (
    <div className="flex items-center gap-3">
      <span>A new version of Admit is available.</span>
      <button type="button" onClick={onReload} className="min-h-10 rounded-lg bg-indigo-600 px-3 font-semibold text-white">
        Reload
      </button>
    </div>
  );
}

/** Registers the service worker in production builds and offers a reload when a new version waits. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    workbox.addEventListener('controlling', () => window.location.reload());
    toast.info(<UpdatePrompt onReload={() => workbox.messageSkipWaiting()} />, {
      toastId: 'update-available',
      autoClose: false,
      closeOnClick: false,
    });
  });
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}
