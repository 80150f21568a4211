import type { AccountProfile, DeviceProfile, SearchResult } from '../contracts/console/index';
import { accountHref, adaptCaseRef, deviceHref, type CaseRefView } from './adapt-case-refs';
import { adaptInstallation, integrityChips, type InstallationView } from './adapt-device';
import { placeLabel } from './adapt-signup-detail';
import { feedbackLabel } from './feedback-labels';
import { formatDateTime, shortId } from './format';

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
  integrity: IntegrityPeriodView[];
  eventsByDay: { day: string; events: number; mock: number }[];
  places: string[];
}

/** A run of assessments that recorded the same integrity flags: one row per change, not per assessment. */
export interface IntegrityPeriodView {
  /** "2026-10-28 04:00 UTC → 2026-11-19 08:00 UTC", or one time when the run is one assessment. */
  span: string;
  assessments: number;
  /** The first case of the run, where the flags were first recorded. */
  caseHref: string;
  caseLabel: string;
  flags: InstallationView['flags'];
}

const sameFlags = (a: Record<string, boolean>, b: Record<string, boolean>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
};

/** The integrity history folded into periods of unchanged flags, oldest first. */
export function integrityPeriods(history: DeviceProfile['integrity_history']): IntegrityPeriodView[] {
  const runs: { first: (typeof history)[number]; last: (typeof history)[number]; count: number }[] = [];
  for (const point of history) {
    const run = runs[runs.length - 1];
    if (run && sameFlags(run.first.flags, point.flags)) {
      run.last = point;
      run.count++;
    } else runs.push({ first: point, last: point, count: 1 });
  }
  return runs.map(({ first, last, count }) => ({
    span: count === 1 ? formatDateTime(first.at) : `${formatDateTime(first.at)} → ${formatDateTime(last.at)}`,
    assessments: count,
    caseHref: `/${first.case_kind === 'signup' ? 'signups' : 'payments'}/${first.case_id}`,
    caseLabel: `${first.case_kind} ${shortId(first.case_id)}`,
    flags: integrityChips(first.flags),
  }));
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
    integrity: integrityPeriods(d.integrity_history),
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
