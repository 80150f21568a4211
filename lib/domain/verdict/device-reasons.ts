import type { SignalIntegrity } from '../fingerprint/signal-integrity';
import type { AddressDiversity } from '../graph/address-diversity';
import type { DeviceGraph } from '../graph/device-graph';
import type { ReasonCode } from '../risk';

/** What the device-level reason codes are checked against (the evidence shows each of them). */
export interface DeviceReasonFacts {
  signal: SignalIntegrity;
  graph: DeviceGraph;
  diversity: AddressDiversity | null;
}

/**
 * Whether the evidence bears out a device-level reason code as a reason for risk: `device_integrity`
 * needs a teleport or a faked-signal check that held or leaned that way, `multiple_*` more than one account, installation
 * or declared address. Device-level codes never explain a low_risk (a clean signal is the norm, not a
 * merit). Undefined for the codes it does not judge.
 */
export function deviceReasonHolds(
  code: ReasonCode,
  towardsRisk: boolean,
  f: DeviceReasonFacts,
): boolean | undefined {
  const s = f.signal;
  switch (code) {
    case 'device_integrity':
      return (
        towardsRisk &&
        (s.jumps > 0 || s.syntheticSignals > 0 || s.artefactScore > 0 || (s.sourceConflictShare ?? 0) > 0)
      );
    case 'multiple_accounts':
      return towardsRisk && f.graph.accountsOnDevice > 1;
    case 'multiple_installations':
      return towardsRisk && (f.graph.installationsOnDevice > 1 || f.graph.global.installations > 0);
    case 'multiple_address_streets':
      return towardsRisk && (f.diversity?.addresses ?? 0) > 1;
    case 'multiple_address_cities':
      return towardsRisk && (f.diversity?.cities ?? 0) > 1;
    default:
      return undefined;
  }
}
