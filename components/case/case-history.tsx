import type { AuditView, FeedbackView } from '../../lib/console-api/adapt-case-history';

export function CaseHistory({ feedbacks, audit }: { feedbacks: FeedbackView[]; audit: AuditView[] }) {
  return (
    <div className="stack" style={{ gap: 10 }}>
      <div>
        <h3>Feedback</h3>
        {feedbacks.length === 0 ? (
          <p className="muted small">No feedback yet.</p>
        ) : (
          <ul className="timeline" data-testid="feedback-list">
            {feedbacks.map((f, i) => (
              <li key={i}>
                <strong>{f.event}</strong>{' '}
                <span className="muted small">
                  by {f.by} · {f.at}
                </span>
                {f.comment ? <div className="small">“{f.comment}”</div> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3>Audit log</h3>
        {audit.length === 0 ? (
          <p className="muted small">No analyst actions yet.</p>
        ) : (
          <ul className="timeline" data-testid="audit-list">
            {audit.map((a, i) => (
              <li key={i} className="small">
                <strong>{a.action}</strong> by {a.actor} · <span className="muted">{a.at}</span>
                <div className="muted">{a.change}</div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
