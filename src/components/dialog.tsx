import { type ReactNode, useEffect, useRef } from 'react';

interface DialogProps {
  open: boolean;
  /** Called when the dialog closes for any reason: Escape, a close button, or `open` turning false. */
  onClose(): void;
  /** Called each time the dialog opens, before it shows (to reset a form, for instance). */
  onOpen?(): void;
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  /** The id of the text that describes it, when there is one. */
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

/** The look of a centred modal; pass another `className` for sheets and drawers. */
const centredDialog = 'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white shadow-xl backdrop:bg-slate-900/50';

/**
 * A modal native <dialog>: the browser keeps focus inside, makes the rest of the page inert and closes
 * it on Escape; focus goes back to what had it before opening. Rendered closed on the server.
 */
export function Dialog({ open, onClose, onOpen, labelledBy, describedBy, className = centredDialog, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openCallback = useRef(onOpen);
  openCallback.current = onOpen;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      openCallback.current?.();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // React passes a nested dialog's close up the tree: only this dialog's own closing counts.
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        const previous = opener.current;
        opener.current = null;
        if (previous?.isConnected) previous.focus();
        onClose();
      }}
      className={className}
    >
      {children}
    </dialog>
  );
}
