import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';

/**
 * With unsaved changes, asks before leaving the editor: the browser's own question when the tab closes or reloads,
 * and a dialog of the page's own when a link inside the app would leave it.
 */
export function LeaveWarning({ isDirty }: { isDirty: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && isDirty(),
  );
  const dirtyNow = isDirty();
  useEffect(() => {
    if (!dirtyNow) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirtyNow]);
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog open={blocked} onClose={() => blocker.reset?.()} labelledBy="leave-title" describedBy="leave-detail">
      <div className="space-y-4 p-6">
        <h2 id="leave-title" className="font-bold text-lg text-slate-900">
          Leave without saving?
        </h2>
        <p id="leave-detail" className="text-slate-600">
          Your changes to this event are not saved. If you leave now, they are lost.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={() => blocker.reset?.()} className={buttonClass('secondary')}>
            Stay and keep editing
          </button>
          <button type="button" onClick={() => blocker.proceed?.()} className={buttonClass('danger')}>
            Leave without saving
          </button>
        </div>
      </div>
    </Dialog>
  );
}
