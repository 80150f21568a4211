import type { TransactionResponse } from '../contracts/transaction';
import { makeTransactionRepo } from '../db/repositories/transaction-repo';
import { AppError } from './app-error';
import type { TenantScope, UseCaseDeps } from './usecase-deps';

// GET /api/v2/authentication/transactions/{id} — the stored assessment
export function makeGetTransaction(deps: Pick<UseCaseDeps, 'db'>) {
  return async function getTransaction(
    scope: TenantScope,
    id: string,
  ): Promise<TransactionResponse | Record<string, never>> {
    const t = await makeTransactionRepo(deps.db).find(scope.tenantId, id);
    if (!t) throw new AppError('transaction_not_found');
    // A payment registered with eval=false was never judged: it exists, but has no assessment to show.
    if (!t.evaluated || !t.riskAssessment || !t.evidence) return {};
    return {
      id: t.id,
      risk_assessment: t.riskAssessment,
      reasons: t.reasons ?? [],
      evidence: t.evidence,
      ...(t.deviceId ? { device_id: t.deviceId } : {}),
    };
  };
}
