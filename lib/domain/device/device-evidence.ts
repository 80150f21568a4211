import { appReinstallations } from '../graph/device-graph';
import type { Reputation } from '../risk';
import { deviceBehaviorReputation } from './device-behavior-reputation';
import type { DeviceHistory } from './device-history';
import { locationServicesEvidence, type DeviceIntegrityEvidence } from './device-report';

/**
 * The evidence about the device itself that signups and payments both report (SPEC §2.4). The optional
 * fields join with Object.assign, in the order clients see: an object literal that starts with a spread
 * and goes on with more fields is promoted by V8 — every assessment made one (docs/BENCHMARKS.md, "Soak").
 */
export function deviceEvidence(
  history: DeviceHistory,
  integrity: DeviceIntegrityEvidence | null,
  fraudReputation: Reputation,
) {
  return Object.assign(
    history.device?.model ? { device_model: history.device.model } : {},
    { location_events_quantity: history.eventCount },
    history.device ? { location_services: locationServicesEvidence(history.device) } : {},
    integrity ? { device_integrity: integrity } : {},
    {
      device_fraud_reputation: fraudReputation,
      device_behavior_reputation: integrity
        ? deviceBehaviorReputation(integrity, history.eventCount)
        : ('unknown' as const),
      accessed_accounts: history.graph.accountsOnDevice,
      app_reinstallations: appReinstallations(history.graph),
    },
  );
}
