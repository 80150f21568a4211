import type { ErasureSummary } from '../contracts/subject-data';
import { formatDateTime } from './format';

/** What the settings page says after an erasure. */
export interface ErasureView {
  subject: string;
  eventsDeleted: number;
  rowsDeleted: number;
  rowsScrubbed: number;
  webhooksCancelled: number;
  previouslyErased: string | null;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export function adaptErasure(s: ErasureSummary): ErasureView {
  return {
    subject: `${s.subject_type} ${s.subject_id}`,
    eventsDeleted: s.deleted.location_events ?? 0,
    rowsDeleted: total(s.deleted),
    rowsScrubbed: total(s.scrubbed),
    webhooksCancelled: s.webhooks_cancelled,
    previouslyErased: s.previously_erased_at ? formatDateTime(Date.parse(s.previously_erased_at)) : null,
  };
}
