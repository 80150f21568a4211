import { modelDecision } from '../domain/model/risk-model';
import type { AssessedRow } from './assessed-row';
import type { RiskModels } from './fit-models';

/**
 * The rows as other models would have judged them: features, rules and thin evidence do not depend on
 * the model, so only the model-decided rows change verdict (a disputed high_risk stays unknown_risk,
 * rules-then-model.ts); every row gets the new probability.
 */
export function rescoreRows(rows: readonly AssessedRow[], models: RiskModels): AssessedRow[] {
  return rows.map((row) => {
    const decision = modelDecision(row.kind === 'signup' ? models.signup : models.payment, row.features);
    if (row.decidedBy !== 'model') return { ...row, probability: decision.probability };
    const disputed = decision.riskAssessment === 'high_risk' && (row.contradiction ?? null) !== null;
    return {
      ...row,
      probability: decision.probability,
      verdict: disputed ? 'unknown_risk' : decision.riskAssessment,
    };
  });
}
