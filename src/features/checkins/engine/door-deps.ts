import type { TicketCodeVerdict } from '#contract/ticket-code.ts';
import type { DoorApi } from '../api/door-api.ts';
import type { DeviceStore } from '../storage/device-store.ts';
import type { EventStore } from '../storage/event-store.ts';
import type { ScanStore } from '../storage/scan-store.ts';

/** What a door engine works with: the API, the device's stores and, for tests, the clock and the verifier. */
export interface DoorEngineDeps {
  api: DoorApi;
  events: EventStore;
  scans: ScanStore;
  device: DeviceStore;
  userId: string | null;
  online?: boolean;
  verify?: (code: string, keys: readonly string[]) => Promise<TicketCodeVerdict>;
  /** Asks the service worker to upload when the connection returns (Background Sync), where supported. */
  requestBackgroundUpload?: () => void;
  /** Called before each upload: lets the worker use the current token while no page is open. */
  beforeUpload?: () => Promise<void>;
  now?: () => number;
}
