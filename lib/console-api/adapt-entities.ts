import type { AccountProfile, DeviceProfile, SearchResult } from '../contracts/console/index';
import { accountHref, adaptCaseRef, deviceHref, type CaseRefView } from './adapt-case-refs';
import { adaptInstallation, integrityChips, type InstallationView } from './adapt-device';
import { placeLabel } from './adapt-signup-detail';
import { feedbackLabel } from './feedback-labels';
import { formatDateTime } from './format';

export interface EntityFeedbackView {
  at: string;
  event: string;
  by: string;
  subject: string | null;
  subjectHref: string | null;
  comment: string | null;
}

export interface DeviceProfileView {
  title: string;
  deviceId: string | null;
  installations: InstallationView[];
  accounts: { id: string; href: string; seen: string }[];
  signups: CaseRefView[];
  payments: CaseRefView[];
  feedbacks: EntityFeedbackView[];
  integrity: { at: string; caseHref: string; caseLabel: string; flags: InstallationView['flags'] }[];
  eventsByDay: { day: string; events: number; mock: number }[];
  places: string[];
}

export interface AccountProfileView {
  accountId: string;
  installations: InstallationView[];
  payments: CaseRefView[];
  signups: CaseRefView[];
  feedbacks: EntityFeedbackView[];
}

/** "signup 1a2b…" → a link to the case when the feedback names one. */
function subjectLink(subject: string | null): string | null {
  const match = subject ? /^(signup|payment|login) (.+)$/.exec(subject) : null;
  if (!match) return subject?.startsWith('account ') ? accountHref(subject.slice(8)) : null;
  return `/${match[1] === 'signup' ? 'signups' : 'payments'}/${match[2]}`;
}

function adaptEntityFeedbacks(items: DeviceProfile['feedbacks']): EntityFeedbackView[] {
  return items.map((f) => ({
    at: formatDateTime(f.occurred_at),
    event: feedbackLabel(f.event),
    by: f.origin === 'console' ? (f.author ?? 'console') : 'API client',
    subject: f.subject,
    subjectHref: subjectLink(f.subject),
    comment: f.comment,
  }));
}

export function adaptDeviceProfile(d: DeviceProfile): DeviceProfileView {
  const first = d.installations[0];
  return {
    title: first?.model ?? 'Device',
    deviceId: d.device_id,
    installations: d.installations.map(adaptInstallation),
    accounts: d.accounts.map((a) => ({
      id: a.account_id,
      href: accountHref(a.account_id),
      seen: `${formatDateTime(a.first_seen_at)} → ${formatDateTime(a.last_seen_at)}`,
    })),
    signups: d.signups.map(adaptCaseRef),
    payments: d.payments.map(adaptCaseRef),
    feedbacks: adaptEntityFeedbacks(d.feedbacks),
    integrity: d.integrity_history.map((p) => ({
      at: formatDateTime(p.at),
      caseHref: `/${p.case_kind === 'signup' ? 'signups' : 'payments'}/${p.case_id}`,
      caseLabel: `${p.case_kind} ${p.case_id.slice(0, 8)}`,
      flags: integrityChips(p.flags),
    })),
    eventsByDay: d.events_by_day.map((e) => ({ day: e.day, events: e.events, mock: e.mock_events })),
    places: d.places.map(placeLabel),
  };
}

export function adaptAccountProfile(a: AccountProfile): AccountProfileView {
  return {
    accountId: a.account_id,
    installations: a.installations.map(adaptInstallation),
    payments: a.payments.map(adaptCaseRef),
    signups: a.signups.map(adaptCaseRef),
    feedbacks: adaptEntityFeedbacks(a.feedbacks),
  };
}

export interface SearchHitView {
  key: string;
  kind: string;
  href: string;
  title: string;
  detail: string | null;
  matched: string;
}

const HIT_HREF: Record<SearchResult['items'][number]['kind'], (id: string) => string> = {
  signup: (id) => `/signups/${id}`,
  payment: (id) => `/payments/${id}`,
  login: (id) => `/payments/${id}`,
  device: deviceHref,
  account: accountHref,
};

export function adaptSearch(result: SearchResult): SearchHitView[] {
  return result.items.map((h) => ({
    key: `${h.kind}:${h.id}`,
    kind: h.kind,
    href: HIT_HREF[h.kind](h.id),
    title: h.title,
    detail: h.detail,
    matched: h.matched,
  }));
}
