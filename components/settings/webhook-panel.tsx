'use client';
import { useState, useTransition } from 'react';
import { saveWebhook, sendTestWebhook } from '../../lib/console-api/actions/settings-actions';
import type { WebhookSettingsView } from '../../lib/console-api/adapt-webhook-settings';
import { webhookUrlHint } from '../../lib/console-api/webhook-url-hint';

const EVENT_TYPES = ['verification', 'risk_increase', 'risk_decrease'] as const;
type EventType = (typeof EVENT_TYPES)[number];

/** Webhook URL and event types, a "send test event" button and the latest delivery attempts. */
export function WebhookPanel({ view }: { view: WebhookSettingsView }) {
  const [pending, startTransition] = useTransition();
  const [url, setUrl] = useState(view.url);
  const [types, setTypes] = useState<EventType[]>(
    view.eventTypes.filter((t): t is EventType => (EVENT_TYPES as readonly string[]).includes(t)),
  );
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hint = problem ? webhookUrlHint(problem) : null;
  const [secret, setSecret] = useState<string | null>(null);
  const toggle = (t: EventType) =>
    setTypes((ts) => (ts.includes(t) ? ts.filter((x) => x !== t) : [...ts, t]));

  return (
    <div className="stack" style={{ gap: 10 }} data-testid="webhook-panel">
      {secret ? (
        <div className="secret" data-testid="webhook-secret">
          <strong>Signing secret — copy it now, it will not be shown again.</strong>
          <div className="mono">{secret}</div>
        </div>
      ) : null}
      <label>
        URL
        <input
          aria-invalid={problem !== null}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/locus-webhook"
        />
      </label>
      <div className="row">
        {EVENT_TYPES.map((t) => (
          <label key={t} style={{ flexDirection: 'row', alignItems: 'center' }}>
            <input type="checkbox" checked={types.includes(t)} onChange={() => toggle(t)} /> {t}
          </label>
        ))}
      </div>
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={pending || !url || types.length === 0}
          onClick={() =>
            startTransition(async () => {
              const result = await saveWebhook({ url, event_types: types, header_prefix: view.headerPrefix });
              setMessage(result.ok ? 'Saved.' : null);
              setProblem(result.ok ? null : result.message);
              if (result.ok && result.data.secret) setSecret(result.data.secret);
            })
          }
        >
          Save
        </button>
        <button
          type="button"
          disabled={pending || !view.configured}
          data-testid="webhook-test"
          onClick={() =>
            startTransition(async () => {
              const result = await sendTestWebhook({});
              setMessage(result.ok ? `Test event sent: ${result.data.outcome}` : null);
              setProblem(result.ok ? null : result.message);
            })
          }
        >
          Send test event
        </button>
        {message ? (
          <span className="small" data-testid="webhook-message">
            {message}
          </span>
        ) : null}
      </div>
      {problem ? (
        <div className="error-box" role="alert" data-testid="webhook-error">
          <strong>The webhook was not saved:</strong> {problem}
          {hint ? <p className="small">{hint}</p> : null}
        </div>
      ) : null}
      <h3>Latest attempts</h3>
      {view.attempts.length === 0 ? (
        <p className="muted small">No delivery attempts yet.</p>
      ) : (
        <table className="data">
          <tbody>
            {view.attempts.map((a) => (
              <tr key={a.key}>
                <td className="small">{a.at}</td>
                <td>{a.type}</td>
                <td style={{ color: a.ok ? 'var(--low)' : 'var(--high)' }}>{a.outcome}</td>
                <td>{a.latency}</td>
                <td className="small">{a.retry ? `retry ${a.retry}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
