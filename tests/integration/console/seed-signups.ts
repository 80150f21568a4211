import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../lib/db/repositories/executor';
import { inTransaction } from '../../../lib/db/repositories/index';

/** `n` flagged signups written straight through the repository (fast enough for 10,000 rows). */
export async function seedSignups(db: Executor, tenantId: string, n: number, start: number): Promise<void> {
  const risks = ['high_risk', 'unknown_risk', 'low_risk'] as const;
  for (let offset = 0; offset < n; offset += 1000) {
    await inTransaction(db, async (repos) => {
      for (let i = offset; i < Math.min(n, offset + 1000); i++) {
        await repos.signups.insert({
          id: randomUUID(),
          tenantId,
          installationId: `bulk-${i}`,
          deviceId: null,
          requestId: randomUUID(),
          declaredAddress: { address_line: `Rua ${i}, São Paulo` },
          declared: null,
          riskAssessment: risks[i % 3] ?? 'high_risk',
          reasons: i % 3 === 0 ? [{ code: 'address_verification', source: 'local' }] : [],
          evidence: {
            location_events_quantity: 0,
            device_fraud_reputation: 'unknown',
            device_behavior_reputation: 'unknown',
            accessed_accounts: 0,
            app_reinstallations: 0,
            different_declared_addresses: 1,
          },
          createdAt: start + i * 1000,
          updatedAt: start + i * 1000,
          reassessUntil: start + i * 1000 + 48 * 3_600_000,
        });
      }
    });
  }
}
