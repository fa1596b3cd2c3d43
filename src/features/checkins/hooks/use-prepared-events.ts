import { useEffect, useState } from 'react';
import { doorStores } from '../device/door-device.ts';
import type { EventRecord } from '../storage/event-store.ts';

/** Events whose scan data is on this device (also offline, when the event list cannot load). */
export function usePreparedEvents(refreshKey: unknown): EventRecord[] {
  const [records, setRecords] = useState<EventRecord[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey re-reads the store after a download
  useEffect(() => {
    let cancelled = false;
    doorStores()
      .events.all()
      .then((all) => {
        if (!cancelled) setRecords(all);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [refreshKey]);
  return records;
}
