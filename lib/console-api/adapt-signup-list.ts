import type { SignupList } from '../contracts/console/index';
import { formatDateTime, formatMetres, reasonLabel, riskLabel, shortId, statusLabel } from './format';

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

export function adaptSignupList(list: SignupList): QueueView {
  return {
    total: list.total,
    nextCursor: list.next_cursor,
    rows: list.items.map((s) => ({
      id: s.id,
      shortId: shortId(s.id),
      href: `/signups/${s.id}`,
      risk: s.risk_assessment,
      riskLabel: riskLabel(s.risk_assessment),
      reasons: s.reasons.map((r) => reasonLabel(r.code)),
      createdLabel: formatDateTime(s.created_at),
      status: s.review_status,
      statusLabel: statusLabel(s.review_status),
      assignee: s.assigned_to?.email ?? null,
      subject: s.address_label ?? 'No address declared',
      detail:
        s.distance_from_last_location_m === null
          ? `${s.location_events_quantity ?? 0} location events`
          : `last location ${formatMetres(s.distance_from_last_location_m)} from the address`,
    })),
  };
}
