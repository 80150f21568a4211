import type { PaymentList } from '../contracts/console/index';
import type { QueueView } from './adapt-signup-list';
import { formatDateTime, formatMetres, reasonLabel, riskLabel, shortId, statusLabel } from './format';

export function adaptPaymentList(list: PaymentList): QueueView {
  return {
    total: list.total,
    nextCursor: list.next_cursor,
    rows: list.items.map((p) => ({
      id: p.id,
      shortId: shortId(p.id),
      href: `/payments/${p.id}`,
      risk: p.risk_assessment ?? 'unknown_risk',
      riskLabel: riskLabel(p.risk_assessment),
      reasons: p.reasons.map((r) => reasonLabel(r.code)),
      createdLabel: formatDateTime(p.created_at),
      status: p.review_status,
      statusLabel: statusLabel(p.review_status),
      assignee: p.assigned_to?.email ?? null,
      subject: `${p.type === 'login' ? 'Login' : p.payment_value ? `${p.payment_value.amount.toLocaleString('en')} ${p.payment_value.currency}` : 'Payment'} · account ${p.account_id}`,
      detail:
        p.distance_to_trusted_location_m === null
          ? 'no trusted location yet'
          : `${formatMetres(p.distance_to_trusted_location_m)} from a trusted location`,
    })),
  };
}
