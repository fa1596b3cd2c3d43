import { useCallback, useEffect, useRef, useState } from 'react';
import { browserDoorApi } from '../api/browser-door-api.ts';
import { closeDoorEngine, doorStores, shareUploadCredentials } from '../device/door-device.ts';
import { downloadScanData } from '../engine/scan-data-sync.ts';
import type { EventRecord } from '../storage/event-store.ts';

export type PrepareState =
  | { phase: 'checking' }
  | { phase: 'downloading'; stored: number; total: number }
  | { phase: 'ready'; record: EventRecord }
  | { phase: 'interrupted'; stored: number; total: number; offline: boolean };

const statusOf = (error: unknown) => (error as { response?: { status?: number } } | null)?.response?.status ?? 0;

/**
 * Downloads an event's scan data onto this device (or resumes an interrupted download) as soon as the event
 * is picked; a device already prepared is ready at once and keeps itself in step while scanning.
 */
export function usePrepareDevice(eventId: string | null, userId: string | null) {
  const [state, setState] = useState<PrepareState>({ phase: 'checking' });
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  const download = useCallback(
    async (id: string) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const { events, device } = doorStores();
      const existing = await events.get(id);
      setError(null);
      setState({
        phase: 'downloading',
        stored: existing?.download?.storedTickets ?? 0,
        total: existing?.download?.totalTickets ?? 0,
      });
      try {
        const record = await downloadScanData({
          eventId: id,
          api: browserDoorApi,
          events,
          userId,
          deviceId: await device.deviceId(),
          signal: controller.signal,
          onPage: ({ record: next, page }) => {
            if (controller.signal.aborted) return;
            const stored = next.download?.storedTickets ?? page.totalTickets;
            setState({ phase: 'downloading', stored, total: page.totalTickets });
          },
        });
        void shareUploadCredentials().catch(() => undefined);
        closeDoorEngine(id);
        if (!controller.signal.aborted) setState({ phase: 'ready', record });
      } catch (failure) {
        if (controller.signal.aborted) return;
        const partial = await events.get(id).catch(() => undefined);
        if (partial?.syncedAt) {
          // Prepared before: a failed refresh does not stop the door.
          setState({ phase: 'ready', record: partial });
          return;
        }
        const status = statusOf(failure);
        setError(
          status === 403
            ? 'Only owners, managers and door staff of this event’s organisation can download its tickets.'
            : status === 0
              ? 'No connection. The download resumes where it stopped when you try again.'
              : 'The download stopped. Try again: it resumes where it stopped.',
        );
        setState({
          phase: 'interrupted',
          stored: partial?.download?.storedTickets ?? 0,
          total: partial?.download?.totalTickets ?? 0,
          offline: status === 0,
        });
      }
    },
    [userId],
  );

  useEffect(() => {
    if (!eventId) return;
    let cancelled = false;
    setState({ phase: 'checking' });
    doorStores()
      .events.get(eventId)
      .then((record) => {
        if (cancelled) return;
        if (record?.syncedAt && !record.download) setState({ phase: 'ready', record });
        else void download(eventId);
      })
      .catch(() => {
        if (!cancelled) setError('This browser’s storage is not available (private browsing?).');
      });
    return () => {
      cancelled = true;
      running.current?.abort();
    };
  }, [eventId, download]);

  return { state, error, retry: () => eventId && void download(eventId) };
}
