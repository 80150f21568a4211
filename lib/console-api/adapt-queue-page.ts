import type { PaymentListItem, SignupListItem } from '../contracts/console/index';
import { formatDateTime, reasonLabel, riskLabel, shortId, statusLabel } from './format';

export interface QueueRowView {
  id: string;
  shortId: string;
  href: string;
  risk: string;
  riskLabel: string;
  reasons: string[];
  createdLabel: string;
  status: string;
  statusLabel: string;
  assignee: string | null;
  subject: string;
  detail: string;
}

export interface QueueView {
  rows: QueueRowView[];
  total: number;
  nextCursor: string | null;
}

/** One page of a review queue as the table shows it; each queue says what its subject and detail are. */
export function adaptQueuePage<T extends SignupListItem | PaymentListItem>(
  kind: 'signups' | 'payments',
  list: { items: T[]; next_cursor: string | null; total: number },
  describe: (item: T) => Pick<QueueRowView, 'subject' | 'detail'>,
): QueueView {
  return {
    total: list.total,
    nextCursor: list.next_cursor,
    rows: list.items.map((item) => ({
      id: item.id,
      shortId: shortId(item.id),
      href: `/${kind}/${item.id}`,
      risk: item.risk_assessment ?? 'unknown_risk',
      riskLabel: riskLabel(item.risk_assessment),
      reasons: item.reasons.map((r) => reasonLabel(r.code)),
      createdLabel: formatDateTime(item.created_at),
      status: item.review_status,
      statusLabel: statusLabel(item.review_status),
      assignee: item.assigned_to?.email ?? null,
      ...describe(item),
    })),
  };
}
