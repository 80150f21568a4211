import type { FeedbackRecord } from '../feedback/feedback-events';
import type { LocationFingerprint } from '../fingerprint/location-fingerprint';
import type { DeviceGraph } from '../graph/device-graph';
import type { DeviceReport } from './device-report';

/** Everything stored about one installation that an assessment may look at — bounded, whatever its history. */
export interface DeviceHistory {
  /** Null when the SDK never reported the device (events only). */
  device: DeviceReport | null;
  /** The incrementally maintained location fingerprint (never the raw events). */
  fingerprint: LocationFingerprint;
  /** All events ever stored for the installation. */
  eventCount: number;
  graph: DeviceGraph;
  /** Feedback about this installation, its device or its signups, oldest first. */
  feedback: readonly FeedbackRecord[];
}
