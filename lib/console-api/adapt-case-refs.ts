import type { CaseRef, RelatedCases } from '../contracts/console/index';
import { feedbackLabel } from './feedback-labels';
import { formatDateTime, riskLabel, shortId, statusLabel } from './format';

export interface CaseRefView {
  id: string;
  shortId: string;
  href: string;
  kind: string;
  created: string;
  risk: string;
  riskLabel: string;
  /** The review state with the analyst's verdict once decided. */
  decision: string;
  feedback: string[];
  summary: string;
  deviceHref: string | null;
  accountHref: string | null;
}

const KIND_LABELS: Record<CaseRef['kind'], string> = { signup: 'Signup', payment: 'Payment', login: 'Login' };
const OUTCOME_LABELS: Record<string, string> = {
  fraud: 'decided: fraud',
  legit: 'decided: legit',
  approve: 'decided: approve',
  decline: 'decided: decline',
  dismissed: 'closed without verdict',
};

export const deviceHref = (installationOrDeviceId: string) =>
  `/devices/${encodeURIComponent(installationOrDeviceId)}`;
export const accountHref = (accountId: string) => `/accounts/${encodeURIComponent(accountId)}`;

export function adaptCaseRef(r: CaseRef): CaseRefView {
  return {
    id: r.id,
    shortId: shortId(r.id),
    href: `/${r.kind === 'signup' ? 'signups' : 'payments'}/${r.id}`,
    kind: KIND_LABELS[r.kind],
    created: formatDateTime(r.created_at),
    risk: r.risk_assessment ?? 'unknown_risk',
    riskLabel: riskLabel(r.risk_assessment),
    decision: r.review_outcome
      ? (OUTCOME_LABELS[r.review_outcome] ?? `decided: ${r.review_outcome}`)
      : statusLabel(r.review_status),
    feedback: r.client_feedback.map(feedbackLabel),
    summary: r.summary ?? '',
    deviceHref: r.installation_id ? deviceHref(r.installation_id) : null,
    accountHref: r.account_id ? accountHref(r.account_id) : null,
  };
}

export interface RelatedView {
  sections: { key: keyof RelatedCases; title: string; empty: string; cases: CaseRefView[] }[];
}

export function adaptRelated(related: RelatedCases): RelatedView {
  return {
    sections: [
      {
        key: 'device',
        title: 'On this device',
        empty: 'No other case on this device.',
        cases: related.device.map(adaptCaseRef),
      },
      {
        key: 'account',
        title: 'Of the same account on other devices',
        empty: 'No other payment of this account.',
        cases: related.account.map(adaptCaseRef),
      },
      {
        key: 'address',
        title: 'At the same address (within 100 m)',
        empty: 'No other case at this address.',
        cases: related.address.map(adaptCaseRef),
      },
    ],
  };
}
