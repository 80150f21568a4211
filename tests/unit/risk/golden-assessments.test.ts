import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeclaredLocation } from '../../../lib/domain/address';
import type { DeviceReport } from '../../../lib/domain/device/device-report';
import { emptyFingerprint, updateFingerprint } from '../../../lib/domain/fingerprint/location-fingerprint';
import { NO_GLOBAL_SIGNALS } from '../../../lib/domain/graph/device-graph';
import type { LocationEvent } from '../../../lib/domain/location';
import { assessPayment } from '../../../lib/domain/payment/assess-payment';
import { assessSignup } from '../../../lib/domain/signup/assess-signup';

/**
 * Golden fixtures: tests/fixtures/risk/in/<case>.json → out/<case>.json (verdict, reasons, evidence,
 * probability, explanation). Regenerate after a deliberate change with REGEN=1 and review the diff.
 */
const DIR = path.join(import.meta.dirname, '../../fixtures/risk');

interface FixtureIn {
  kind: 'signup' | 'payment';
  now: number;
  device: DeviceReport;
  events: LocationEvent[];
  declared?: DeclaredLocation | null;
  accountsOnDevice?: number;
  installationsOnDevice?: number;
  knownAccount?: boolean;
  firstSeenOnDeviceAt?: number | null;
  amount?: number;
}

function run(f: FixtureIn) {
  const history = {
    device: f.device,
    fingerprint: updateFingerprint(emptyFingerprint(), f.events),
    eventCount: f.events.length,
    graph: {
      accountsOnDevice: f.accountsOnDevice ?? 1,
      installationsOnDevice: f.installationsOnDevice ?? 1,
      global: NO_GLOBAL_SIGNALS,
    },
    feedback: [],
  };
  if (f.kind === 'signup') {
    const a = assessSignup({ declared: f.declared ?? null, otherDeclared: [], now: f.now }, history);
    return {
      risk_assessment: a.riskAssessment,
      reasons: a.reasons,
      probability: round(a.probability ?? 0),
      evidence: a.evidence,
      explanation: a.explanation,
    };
  }
  const a = assessPayment({ type: 'payment', addresses: [], amount: f.amount ?? null, now: f.now }, history, {
    knownAccount: f.knownAccount ?? true,
    firstSeenOnDeviceAt: f.firstSeenOnDeviceAt ?? null,
    otherFingerprints: [],
    transactionSums: [],
  });
  return {
    risk_assessment: a.riskAssessment,
    reasons: a.reasons,
    probability: round(a.probability),
    evidence: a.evidence,
    explanation: a.explanation,
  };
}

const round = (p: number) => Math.round(p * 1e4) / 1e4;

describe('golden assessments', () => {
  for (const file of fs.readdirSync(path.join(DIR, 'in')).filter((f) => f.endsWith('.json'))) {
    it(file, () => {
      const out = run(JSON.parse(fs.readFileSync(path.join(DIR, 'in', file), 'utf8')) as FixtureIn);
      const expectedFile = path.join(DIR, 'out', file);
      if (process.env.REGEN === '1' || !fs.existsSync(expectedFile)) {
        fs.writeFileSync(expectedFile, `${JSON.stringify(out, null, 2)}\n`);
      }
      expect(out).toEqual(JSON.parse(fs.readFileSync(expectedFile, 'utf8')));
    });
  }
});
