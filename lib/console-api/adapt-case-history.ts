import type { AuditItem } from '../contracts/console/index';
import { formatDateTime } from './format';

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
