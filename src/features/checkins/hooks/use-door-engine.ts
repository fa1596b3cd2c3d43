import { useEffect, useState, useSyncExternalStore } from 'react';
import { closeDoorEngine, openDoorEngine, openedDoorEngine } from '../device/door-device.ts';
import type { DoorEngine } from '../engine/door-engine.ts';
import type { DoorStatus } from '../engine/door-status.ts';

export type DoorEngineState =
  | { status: 'loading'; engine: null }
  | { status: 'missing'; engine: null }
  | { status: 'failed'; engine: null; error: unknown }
  | { status: 'ready'; engine: DoorEngine };

/** The event's door engine on this device, kept in step (uploads, polling) while the screen is open. */
export function useDoorEngine(eventId: string | null, userId: string | null): DoorEngineState {
  // An engine opened already (the page's loader started it, or another door screen of this tab) shows at once.
  const [state, setState] = useState<DoorEngineState>(() => {
    const engine = openedDoorEngine(eventId);
    return engine ? { status: 'ready', engine } : { status: 'loading', engine: null };
  });
  useEffect(() => {
    if (!eventId) {
      setState({ status: 'missing', engine: null });
      return;
    }
    let stop: (() => void) | null = null;
    let cancelled = false;
    const ready = openedDoorEngine(eventId);
    setState((current) => (ready && current.engine === ready ? current : { status: 'loading', engine: null }));
    openDoorEngine(eventId, userId).then(
      (engine) => {
        if (cancelled) return;
        if (!engine) {
          closeDoorEngine(eventId);
          setState({ status: 'missing', engine: null });
          return;
        }
        stop = engine.start();
        setState((current) => (current.engine === engine ? current : { status: 'ready', engine }));
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', engine: null, error });
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [eventId, userId]);
  return state;
}

export function useDoorStatus(engine: DoorEngine): DoorStatus {
  return useSyncExternalStore(engine.status.subscribe, engine.status.get, engine.status.get);
}
