import { Workbox } from 'workbox-window';
import { toast } from './toasts.tsx';
import { onUpdateGate, updatesHeld } from './update-gate.ts';

const updateToast = 'update-available';

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

/**
 * Registers the service worker in production builds and offers a reload when a new version waits — but
 * never while the door is scanning or has scans waiting (the update gate): the prompt waits until it is idle,
 * and a page that became busy again is not reloaded under it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let asked = false;
  const offer = () => {
    if (updatesHeld()) return;
    toast.info(
      <UpdatePrompt
        onReload={() => {
          asked = true;
          toast.dismiss(updateToast);
          workbox.messageSkipWaiting();
        }}
      />,
      { toastId: updateToast, autoClose: false, closeOnClick: false },
    );
  };
  let watching = false;
  workbox.addEventListener('waiting', () => {
    offer();
    if (watching) return;
    watching = true;
    // The door started scanning: the prompt goes away, and comes back once the door is idle.
    onUpdateGate((held) => (held ? toast.dismiss(updateToast) : offer()));
  });
  workbox.addEventListener('controlling', () => {
    if (asked && !updatesHeld()) window.location.reload();
  });
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}
