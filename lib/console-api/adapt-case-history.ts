import type { AuditItem } from '../contracts/console/index';
import { formatDateTime, shortId } from './format';

export interface FeedbackView {
  at: string;
  event: string;
  by: string;
  comment: string | null;
}

export interface AuditView {
  at: string;
  actor: string;
  action: string;
  change: string;
}

export function adaptFeedbacks(
  items: {
    event: string;
    occurred_at: number;
    origin: string;
    author: string | null;
    comment: string | null;
  }[],
): FeedbackView[] {
  return items.map((f) => ({
    at: formatDateTime(f.occurred_at),
    event: f.event,
    by: f.origin === 'console' ? (f.author ?? 'console') : 'API client',
    comment: f.comment,
  }));
}

const summarise = (value: unknown): string => {
  if (value === null || value === undefined) return '∅';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${v === null ? '∅' : String(v)}`)
    .join(', ');
};

export function adaptAudit(items: AuditItem[]): AuditView[] {
  return items.map((a) => ({
    at: formatDateTime(a.at),
    actor: a.actor?.email ?? 'system',
    action: a.action.replaceAll('_', ' '),
    change: `${summarise(a.before)} → ${summarise(a.after)}`,
  }));
}

export interface AuditLogRowView extends AuditView {
  id: string;
  subject: string;
  subjectHref: string | null;
}

const SUBJECT_PAGES: Record<string, string> = { signup: '/signups/', payment: '/payments/' };

/** A user by e-mail, a case by its short id, a setting by its key (signup thresholds, a client id). */
function subjectName(a: AuditItem): string {
  if (a.subject_name) return ` ${a.subject_name}`;
  if (!a.subject_id) return '';
  return ` ${SUBJECT_PAGES[a.subject_type] ? shortId(a.subject_id) : a.subject_id}`;
}

/** The organisation's audit log: who (by email) did what to which case or setting. */
export function adaptAuditLog(items: AuditItem[]): AuditLogRowView[] {
  const views = adaptAudit(items);
  return items.map((a, i) => {
    const page = SUBJECT_PAGES[a.subject_type];
    return {
      ...(views[i] as AuditView),
      id: a.id,
      subject: `${a.subject_type.replaceAll('_', ' ')}${subjectName(a)}`,
      subjectHref: page && a.subject_id ? `${page}${a.subject_id}` : null,
    };
  });
}
