import type { FeedbackRecord } from '../feedback/feedback-events';
import type { LocationEvent } from '../location';
import type { DeviceReport } from './device-report';

/** Everything stored about one installation that an assessment may look at. */
export interface DeviceHistory {
  /** Null when the SDK never reported the device (events only). */
  device: DeviceReport | null;
  /** Location events, oldest first (the most recent ones when the history is long). */
  events: readonly LocationEvent[];
  /** All events ever stored for the installation, which may exceed `events.length`. */
  eventCount: number;
  /** Distinct accounts seen on this device (any of its installations). */
  accountsOnDevice: number;
  /** Installations that share this device's `device_id` (1 when it has none or is alone). */
  installationsOnDevice: number;
  /** Feedback about this installation, its device or its signups, oldest first. */
  feedback: readonly FeedbackRecord[];
}

export function mockEventCount(events: readonly LocationEvent[]): number {
  return events.reduce((n, e) => (e.mock ? n + 1 : n), 0);
}
