import type { ChargebackRates } from '../../domain/payment/assess-payment';
import { areaCells, chargebackRate, ringCells } from '../../domain/area/chargeback-areas';
import type { LatLng } from '../../domain/location';
import type { Executor } from './executor';

/** Per-area counters of payments and chargebacks, per tenant (H3 cells at resolutions 10, 8, 7). */
export function makeAreaStatsRepo(db: Executor) {
  async function bump(tenantId: string, points: readonly LatLng[], column: 'payments' | 'chargebacks') {
    // One count per cell even when several addresses of the payment fall in it.
    const cells = new Map(points.flatMap(areaCells).map((c) => [`${c.resolution}:${c.cell}`, c]));
    for (const { resolution, cell } of cells.values()) {
      await db
        .insertInto('area_chargebacks')
        .values({
          tenant_id: tenantId,
          resolution,
          cell,
          payments: column === 'payments' ? 1 : 0,
          chargebacks: column === 'chargebacks' ? 1 : 0,
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'resolution', 'cell']).doUpdateSet((eb) => ({
            [column]: eb(eb.ref(`area_chargebacks.${column}`), '+', 1),
          })),
        )
        .execute();
    }
  }

  return {
    countPayment: (tenantId: string, points: readonly LatLng[]) => bump(tenantId, points, 'payments'),
    countChargeback: (tenantId: string, points: readonly LatLng[]) => bump(tenantId, points, 'chargebacks'),

    async ratesNear(tenantId: string, point: LatLng): Promise<ChargebackRates> {
      const rates: ChargebackRates = { near150: 0, near1500: 0, near5000: 0 };
      for (const ring of ringCells(point)) {
        const row = await db
          .selectFrom('area_chargebacks')
          .select((eb) => [
            eb.fn.sum<number>('payments').as('payments'),
            eb.fn.sum<number>('chargebacks').as('chargebacks'),
          ])
          .where('tenant_id', '=', tenantId)
          .where('resolution', '=', ring.resolution)
          .where('cell', 'in', ring.cells)
          .executeTakeFirst();
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
