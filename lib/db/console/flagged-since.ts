import { sql } from 'kysely';
import type { Executor } from '../repositories/executor';

/**
 * Since when each signup has held its current risk assessment: the first assessment of its latest run
 * at that level. A signup that went from low to high risk yesterday has waited since yesterday, not
 * since its creation; a reassessment at the same level with new evidence does not restart the clock.
 * Signups without stored assessments are left out (their creation is that time).
 */
export async function flaggedSince(
  db: Executor,
  tenantId: string,
  signupIds: string[],
): Promise<Map<string, number>> {
  if (signupIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('signups as s')
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', 'in', signupIds)
    .select([
      's.id',
      sql<number | string | null>`(
        select min(a.assessed_at) from signup_assessments a
        where a.signup_id = s.id and a.assessed_at > coalesce((
          select max(b.assessed_at) from signup_assessments b
          where b.signup_id = s.id and b.risk_assessment <> s.risk_assessment
        ), -1)
      )`.as('flagged_at'),
    ])
    .execute();
  return new Map(rows.flatMap((r) => (r.flagged_at === null ? [] : [[r.id, Number(r.flagged_at)]])));
}
