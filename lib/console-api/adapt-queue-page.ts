import type { PaymentListItem, SignupListItem } from '../contracts/console/index';
import { feedbackLabel } from './feedback-labels';
import { formatDateTime, riskLabel, shortId, statusLabel } from './format';
import { reasonName } from './reason-facts';
import { slaOf, type SlaView } from './sla';

export interface QueueRowView {
  id: string;
  shortId: string;
  href: string;
  risk: string;
  riskLabel: string;
  /** The model's probability of fraud, when the engine stored it. */
  score: string | null;
  /** Reason names with the direction they pushed (↑ raised the risk, ↓ lowered it). */
  reasons: { name: string; arrow: '↑' | '↓'; title: string }[];
  createdLabel: string;
  lastChange: string;
  sla: SlaView;
  /** What the client reported about the case through the API. */
  feedback: string[];
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
  describe: (item: T) => Pick<QueueRowView, 'subject' | 'detail'> & {
    changedAt: number;
    /** Since when the case has been at its current risk: the SLA's clock. */
    flaggedAt: number;
    score: number | null;
  },
  now: number,
): QueueView {
  return {
    total: list.total,
    nextCursor: list.next_cursor,
    rows: list.items.map((item) => {
      const { changedAt, flaggedAt, score, ...subject } = describe(item);
      const lowered = item.risk_assessment === 'low_risk';
      return {
        id: item.id,
        shortId: shortId(item.id),
        href: `/${kind}/${item.id}`,
        risk: item.risk_assessment ?? 'unknown_risk',
        riskLabel: riskLabel(item.risk_assessment),
        score: score === null ? null : `${Math.round(score * 100)} %`,
        reasons: item.reasons.map((r) => ({
          name: reasonName(r.code),
          arrow: lowered ? '↓' : '↑',
          title: `${reasonName(r.code)} ${lowered ? 'lowered' : 'raised'} the risk`,
        })),
        createdLabel: formatDateTime(item.created_at),
        lastChange: formatDateTime(changedAt),
        sla: slaOf(flaggedAt, now, item.review_status === 'closed'),
        feedback: item.client_feedback.map(feedbackLabel),
        status: item.review_status,
        statusLabel: statusLabel(item.review_status),
        assignee: item.assigned_to?.email ?? null,
        ...subject,
      };
    }),
  };
}
