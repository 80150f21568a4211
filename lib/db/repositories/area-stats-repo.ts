import type { ChargebackRates } from '../../domain/payment/assess-payment';
import { areaCells, chargebackRate, ringCells } from '../../domain/area/chargeback-areas';
import type { LatLng } from '../../domain/location';
import type { Executor } from './executor';

/** Per-area counters of payments and chargebacks, per tenant (H3 cells at resolutions 10, 8, 7). */
export function makeAreaStatsRepo(db: Executor) {
  async function bump(tenantId: string, points: readonly LatLng[], column: 'payments' | 'chargebacks') {
    // One count per cell even when several addresses of the payment fall in it (PostgreSQL also refuses
    // to update one row twice in a statement); every cell in one multi-row upsert.
    const cells = [
      ...new Map(points.flatMap(areaCells).map((c) => [`${c.resolution}:${c.cell}`, c])).values(),
    ];
    if (cells.length === 0) return;
    await db
      .insertInto('area_chargebacks')
      .values(
        cells.map(({ resolution, cell }) => ({
          tenant_id: tenantId,
          resolution,
          cell,
          payments: column === 'payments' ? 1 : 0,
          chargebacks: column === 'chargebacks' ? 1 : 0,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'resolution', 'cell']).doUpdateSet((eb) => ({
          [column]: eb(eb.ref(`area_chargebacks.${column}`), '+', 1),
        })),
      )
      .execute();
  }

  return {
    countPayment: (tenantId: string, points: readonly LatLng[]) => bump(tenantId, points, 'payments'),
    countChargeback: (tenantId: string, points: readonly LatLng[]) => bump(tenantId, points, 'chargebacks'),

    /** The three rings in one statement: H3 cells name their resolution, so each row sums into one ring. */
    async ratesNear(tenantId: string, point: LatLng): Promise<ChargebackRates> {
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
      const rates: ChargebackRates = { near150: 0, near1500: 0, near5000: 0 };
      for (const ring of rings) {
        const row = rows.find((r) => Number(r.resolution) === ring.resolution);
        rates[ring.key] = chargebackRate(Number(row?.payments ?? 0), Number(row?.chargebacks ?? 0));
      }
      return rates;
    },

    /** Whether the payment was already counted as charged back (chargeback and chargeback_notification count once). */
    async alreadyChargedBack(tenantId: string, paymentId: string): Promise<boolean> {
      const row = await db
        .selectFrom('feedbacks')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('payment_id', '=', paymentId)
        .where('event', 'in', ['chargeback', 'chargeback_notification'])
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type AreaStatsRepo = ReturnType<typeof makeAreaStatsRepo>;
