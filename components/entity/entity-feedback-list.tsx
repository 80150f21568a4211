import Link from 'next/link';
import type { EntityFeedbackView } from '../../lib/console-api/adapt-entities';

export function EntityFeedbackList({ feedbacks }: { feedbacks: EntityFeedbackView[] }) {
  if (feedbacks.length === 0) return <p className="muted small">No feedback yet.</p>;
  return (
    <ul className="timeline" data-testid="entity-feedback">
      {feedbacks.map((f, i) => (
        <li key={i}>
          <strong>{f.event}</strong>{' '}
          <span className="muted small">
            by {f.by} · {f.at}
          </span>
          {f.subject ? (
            <div className="small">
              about {f.subjectHref ? <Link href={f.subjectHref}>{f.subject}</Link> : f.subject}
            </div>
          ) : null}
          {f.comment ? <div className="small">“{f.comment}”</div> : null}
        </li>
      ))}
    </ul>
  );
}
