import { sql } from 'kysely';
import type { WeekQuality } from '../../contracts/console/overview';
import type { Executor } from '../repositories/executor';
import { caseLabel, type LabelTable } from './case-labels';
import { consoleIndexed } from './console-indexed';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: shifting by three days makes weeks start on Monday. */
const MONDAY_SHIFT_MS = 3 * DAY_MS;

const weekStart = (index: number) => new Date(index * WEEK_MS - MONDAY_SHIFT_MS).toISOString().slice(0, 10);

/** Precision and false-positive rate of high risk per week of creation, counted in SQL. */
export async function qualityByWeek(
  db: Executor,
  tenantId: string,
  from: number,
  to: number,
): Promise<WeekQuality[]> {
  const weeks: WeekQuality[] = [];
  for (const [table, kind] of [
    ['signups', 'signup'],
    ['transactions', 'payment'],
  ] as const satisfies readonly [LabelTable, WeekQuality['kind']][]) {
    const week = sql<number>`(${sql.ref(`${table}.created_at`)} + ${sql.lit(MONDAY_SHIFT_MS)}) / ${sql.lit(WEEK_MS)}`;
    const label = caseLabel(table);
    const rows = await db
      .selectFrom(table)
      .select([
        week.as('week'),
        sql<number>`sum(case when ${label} = 'fraud' then 1 else 0 end)`.as('fraud'),
        sql<number>`sum(case when ${label} = 'legit' then 1 else 0 end)`.as('legit'),
        sql<number>`sum(case when ${label} = 'fraud' and risk_assessment = 'high_risk' then 1 else 0 end)`.as(
          'flagged_fraud',
        ),
        sql<number>`sum(case when ${label} = 'legit' and risk_assessment = 'high_risk' then 1 else 0 end)`.as(
          'flagged_legit',
        ),
      ])
      .where(sql.ref(`${table}.tenant_id`), '=', tenantId)
      .where(consoleIndexed(table))
      .where(sql.ref(`${table}.created_at`), '>=', from)
      .where(sql.ref(`${table}.created_at`), '<=', to)
      .groupBy(week)
      .orderBy(week)
      .execute();
    for (const r of rows) {
      const [fraud, legit, tp, fp] = [r.fraud, r.legit, r.flagged_fraud, r.flagged_legit].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      weeks.push({
        week: weekStart(Math.floor(Number(r.week))),
        kind,
        fraud,
        legit,
        flagged_fraud: tp,
        flagged_legit: fp,
        precision: tp + fp > 0 ? tp / (tp + fp) : null,
        false_positive_rate: legit > 0 ? fp / legit : null,
      });
    }
  }
  return weeks;
}
