import type { DeclaredLocation } from '../address';
import { deviceEvidence } from '../device/device-evidence';
import type { DeviceHistory } from '../device/device-history';
import { deviceIntegrityEvidence } from '../device/device-report';
import { deviceFraudReputation } from '../feedback/device-fraud-reputation';
import {
  addressPresence,
  VERIFICATION_MIN_EVENTS,
  type AddressPresence,
} from '../fingerprint/address-presence';
import { fingerprintPlaces, trustedPlaces } from '../fingerprint/fingerprint-places';
import { realEventCount } from '../fingerprint/location-fingerprint';
import { fakedSignal, signalIntegrity } from '../fingerprint/signal-integrity';
import { nearRadiusMetres } from '../geo/near-radius';
import { addressDiversity } from '../graph/address-diversity';
import type { RiskModel } from '../model/risk-model';
import { SIGNUP_MODEL } from '../model/trained-models';
import type { Explanation, ThinEvidence } from '../verdict/explanation';
import type { RiskDecision } from '../verdict/rules-then-model';
import { addressQualityEvidence, type SignupEvidence } from './signup-evidence';
import { signupFeatures } from './signup-features';
import { signupReasonCheck } from './signup-reasons';
import { signupRecheckAt } from './signup-recheck';
import { signupVerdict } from './signup-verdict';

export interface SignupInput {
  declared: DeclaredLocation | null;
  /** Addresses declared in this device's other signups (this tenant). */
  otherDeclared: readonly DeclaredLocation[];
  now: number;
  /** Defaults to the trained model in models/signup-model.json. */
  model?: RiskModel;
}

export interface SignupAssessment extends Pick<RiskDecision, 'riskAssessment' | 'reasons'> {
  evidence: SignupEvidence;
  /** The model's probability and who decided (optional so that scripted assessments in tests stay simple). */
  probability?: number;
  decidedBy?: RiskDecision['decidedBy'];
  /** The model's inputs, for training and explanation; never sent to clients. */
  features?: Record<string, number>;
  /** How the verdict was reached, stored for the console; never sent to clients. */
  explanation?: Explanation;
  /** When elapsed time alone can next change this verdict (`signupRecheckAt`); null: never. */
  recheckAt?: number | null;
  /** Evidence that would turn any model's high_risk into unknown_risk (signup-verdict.ts), for re-scoring. */
  contradiction?: ThinEvidence | null;
}

/**
 * Judges whether the device lives at the declared address, from its location fingerprint (never its raw
 * events), its device graph and feedback, through the rules and the trained model.
 */
export function assessSignup(input: SignupInput, history: DeviceHistory): SignupAssessment {
  const fp = history.fingerprint;
  const point = input.declared?.point ?? null;
  const presence = point
    ? addressPresence(fp, point, nearRadiusMetres(input.declared?.uncertaintyM ?? null))
    : null;
  const signal = signalIntegrity(fp);
  const integrity = deviceIntegrityEvidence(history.device, fp.mock, fakedSignal(signal));
  const fraudReputation = deviceFraudReputation(history.feedback, input.now);
  const diversity = addressDiversity(input.declared, input.otherDeclared);
  const features = signupFeatures({
    declared: input.declared,
    presence,
    trusted: trustedPlaces(fingerprintPlaces(fp)),
    signal,
    graph: history.graph,
    diversity,
  });
  const contradiction: ThinEvidence | null =
    presence !== null && presence.nearOnLatestDay && presence.eventsNear >= VERIFICATION_MIN_EVENTS
      ? 'present_at_address_now'
      : null;
  const decision = signupVerdict(
    {
      declared: input.declared,
      realEvents: realEventCount(fp),
      integrity,
      fraudReputation,
      globalConfirmedFraud: history.graph.global.confirmedFraud,
      graph: history.graph,
      diversity,
      contradiction,
    },
    input.model ?? SIGNUP_MODEL,
    features,
    signupReasonCheck({ presence, signal, graph: history.graph, diversity }),
  );
  // Object.assign and fields written out, not spreads followed by more fields: V8 promotes such a copy
  // to the old generation, and every signup made several (docs/BENCHMARKS.md, "Soak").
  const evidence: SignupEvidence = Object.assign(
    deviceEvidence(history, integrity, fraudReputation),
    addressQualityEvidence(input.declared),
    { different_declared_addresses: diversity.addresses },
    presenceEvidence(presence),
  );
  return {
    probability: decision.probability,
    decidedBy: decision.decidedBy,
    explanation: decision.explanation,
    riskAssessment: decision.riskAssessment,
    reasons: decision.reasons,
    evidence,
    features,
    recheckAt: signupRecheckAt(history, input.now),
    contradiction,
  };
}

function presenceEvidence(presence: AddressPresence | null): Partial<SignupEvidence> {
  if (!presence) return {};
  const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());
  const timestamps = {
    first_known_address_activity: iso(presence.firstNearAt),
    last_known_address_activity: iso(presence.lastNearAt),
    first_address_verification: iso(presence.verifiedAt),
  };
  const defined = Object.fromEntries(Object.entries(timestamps).filter(([, v]) => v !== undefined));
  return Object.assign(
    { location_events_near_address: presence.eventsNear },
    Object.keys(defined).length > 0 ? { activity_evidence: defined } : {},
    presence.lastM !== null
      ? { distance_from_last_location_to_declared_address: round1(presence.lastM) }
      : {},
    presence.nearestM !== null
      ? { distance_from_nearest_location_to_declared_address: round1(presence.nearestM) }
      : {},
  );
}

const round1 = (m: number) => Math.round(m * 10) / 10;
