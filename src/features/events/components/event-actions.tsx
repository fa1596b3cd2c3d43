import { buttonClass } from '#components/button.ts';
import { buildIcs, type CalendarEvent, icsFileName } from '#contract/calendar-file.ts';
import { copyWithToast } from '#lib/clipboard.ts';
import { useHydrated } from '#lib/use-hydrated.ts';

const iconProps = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const ShareIcon = () => (
  <svg aria-hidden="true" {...iconProps}>
    <path d="M4 12v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7" />
    <path d="M16 6l-4-4-4 4" />
    <path d="M12 2v13" />
  </svg>
);

const CalendarIcon = () => (
  <svg aria-hidden="true" {...iconProps}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18M12 14v4M10 16h4" />
  </svg>
);

/** The system share sheet where there is one (phones), else the link copied to the clipboard. */
export function ShareButton({ title, text, url }: { title: string; text: string; url: string }) {
  const hydrated = useHydrated();
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if ((error as DOMException | null)?.name === 'AbortError') return;
      }
    }
    await copyWithToast(url, 'Link copied. Paste it anywhere to share the event.');
  };
  return (
    <button type="button" className={buttonClass('secondary', 'small')} disabled={!hydrated} onClick={() => void share()}>
      <ShareIcon /> Share
    </button>
  );
}

/** Downloads an .ics file made in the browser, with the event's times in UTC. */
export function AddToCalendarButton({ event }: { event: CalendarEvent }) {
  const hydrated = useHydrated();
  const download = () => {
    const file = new Blob([buildIcs(event, window.location.hostname)], { type: 'text/calendar;charset=utf-8' });
    const href = URL.createObjectURL(file);
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = icsFileName(event.title);
    // Clicked while detached: the site's link guard (which refuses blob: links) never sees it.
    anchor.click();
    // Give the download a moment to start before the file's URL is revoked.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };
  return (
    <button type="button" className={buttonClass('secondary', 'small')} disabled={!hydrated} onClick={download}>
      <CalendarIcon /> Add to calendar
    </button>
  );
}

export function CopyAddressButton({ address }: { address: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={buttonClass('secondary', 'small')}
      disabled={!hydrated}
      onClick={() => void copyWithToast(address, 'Address copied.')}
    >
      Copy address
    </button>
  );
}
