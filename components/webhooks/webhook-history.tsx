import type { WebhookEventView } from '../../lib/console-api/adapt-webhooks';

/** Each webhook event of the case and every delivery attempt: status, latency, retry time. */
export function WebhookHistory({ events }: { events: WebhookEventView[] }) {
  if (events.length === 0) {
    return (
      <p className="muted" data-testid="webhook-history-empty">
        No webhook events for this signup.
      </p>
    );
  }
  return (
    <div className="stack" style={{ gap: 12 }} data-testid="webhook-history">
      {events.map((e) => (
        <div key={e.eventId} data-testid="webhook-event">
          <div className="row">
            <strong>{e.type}</strong>
            <span className="small">{e.change}</span>
            <span className="badge status">{e.status}</span>
            <span className="spacer" />
            <span className="muted small">triggered {e.triggeredAt}</span>
          </div>
          <div className="mono muted">{e.eventId}</div>
          <table className="data" style={{ marginTop: 6 }}>
            <thead>
              <tr>
                <th>#</th>
                <th>Sent</th>
                <th>Outcome</th>
                <th>Latency</th>
                <th>Retry</th>
              </tr>
            </thead>
            <tbody>
              {e.attempts.length === 0 ? (
                <tr>
                  <td colSpan={5} className="muted">
                    Not attempted yet{e.nextAttempt ? ` (due ${e.nextAttempt})` : ''}.
                  </td>
                </tr>
              ) : (
                e.attempts.map((a) => (
                  <tr key={a.attempt} data-testid="webhook-attempt">
                    <td>{a.attempt}</td>
                    <td className="small">{a.at}</td>
                    <td style={{ color: a.ok ? 'var(--low)' : 'var(--high)' }}>{a.outcome}</td>
                    <td>{a.latency}</td>
                    <td className="small">{a.nextRetry ?? '—'}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
