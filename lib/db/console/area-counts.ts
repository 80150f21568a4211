import { CHARGEBACK_RINGS, ringCells } from '../../domain/area/chargeback-areas';
import type { LatLng } from '../../domain/location';
import type { Executor } from '../repositories/executor';

export type RingKey = (typeof CHARGEBACK_RINGS)[number]['key'];
export interface RingCount {
  payments: number;
  chargebacks: number;
}

/**
 * Payments and chargebacks counted now in the three rings around a point (the same H3 disks the engine
 * reads), so the console can show "3 of 41 payments charged back" instead of a bare rate that reads
 * "0 %" both where nothing went wrong and where nothing was ever paid.
 */
export async function chargebackCountsNear(
  db: Executor,
  tenantId: string,
  point: LatLng,
): Promise<Record<RingKey, RingCount>> {
  const rings = ringCells(point);
  const rows = await db
    .selectFrom('area_chargebacks')
    .select((eb) => [
      'resolution',
      eb.fn.sum<number>('payments').as('payments'),
      eb.fn.sum<number>('chargebacks').as('chargebacks'),
    ])
    .where('tenant_id', '=', tenantId)
    .where(
      'resolution',
      'in',
      rings.map((r) => r.resolution),
    )
    .where(
      'cell',
      'in',
      rings.flatMap((r) => r.cells),
    )
    .groupBy('resolution')
    .execute();
  const counts = {} as Record<RingKey, RingCount>;
  for (const ring of rings) {
    const row = rows.find((r) => Number(r.resolution) === ring.resolution);
    counts[ring.key] = { payments: Number(row?.payments ?? 0), chargebacks: Number(row?.chargebacks ?? 0) };
  }
  return counts;
}
