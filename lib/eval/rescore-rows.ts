import { modelDecision } from '../domain/model/risk-model';
import { SIGNUP_ADDRESS_FEATURES } from '../domain/signup/signup-features';
import type { AssessedRow } from './assessed-row';
import type { RiskModels } from './fit-models';

/**
 * The rows as other models would have judged them: features, rules and thin evidence do not depend on
 * the model, so only the model-decided rows change verdict (a disputed high_risk or low_risk stays unknown_risk,
 * rules-then-model.ts); every row gets the new probability, a thin signup's without the features measured
 * against its address, as the engine computes it.
 */
export function rescoreRows(rows: readonly AssessedRow[], models: RiskModels): AssessedRow[] {
  return rows.map((row) => {
    const unknown = row.kind === 'signup' && row.decidedBy === 'thin_evidence' ? SIGNUP_ADDRESS_FEATURES : [];
    const decision = modelDecision(
      row.kind === 'signup' ? models.signup : models.payment,
      row.features,
      undefined,
      unknown,
    );
    if (row.decidedBy !== 'model') return { ...row, probability: decision.probability };
    const disputed =
      (decision.riskAssessment === 'high_risk' && (row.contradiction ?? null) !== null) ||
      (decision.riskAssessment === 'low_risk' && (row.lowDispute ?? null) !== null);
    return {
      ...row,
      probability: decision.probability,
      verdict: disputed ? 'unknown_risk' : decision.riskAssessment,
    };
  });
}
