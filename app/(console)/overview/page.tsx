import { ReasonChart } from '../../../components/overview/reason-chart';
import { RiskByDayChart } from '../../../components/overview/risk-by-day-chart';
import { WebhookHealthChart } from '../../../components/overview/webhook-health-chart';
import { adaptOverview } from '../../../lib/console-api/adapt-overview';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import { firstParam } from '../../../lib/console-api/queue-filters';
import { requireConsoleUser } from '../../../lib/console-api/session';

export const metadata = { title: 'Overview' };

const DAY_MS = 86_400_000;
const parseDay = (v: string | undefined) =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : undefined;

export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { api } = await requireConsoleUser('manager', '/overview');
  const params = await searchParams;
  const from = parseDay(firstParam(params.from));
  const toDay = parseDay(firstParam(params.to));
  const overview = await loadOrFail(
    api.overview({ from, to: toDay === undefined ? undefined : toDay + DAY_MS - 1 }),
  );
  const view = adaptOverview(overview, overview.to);
  return (
    <div className="stack">
      <div className="row">
        <h1>Risk overview</h1>
        <span className="spacer" />
        <form className="filters" method="get" action="/overview" style={{ margin: 0 }}>
          <label>
            From
            <input type="date" name="from" defaultValue={view.range.from} />
          </label>
          <label>
            To
            <input type="date" name="to" defaultValue={view.range.to} />
          </label>
          <button type="submit">Apply</button>
        </form>
      </div>
      <div className="row" data-testid="overview-totals">
        <div className="panel">
          <h3>Signups</h3>
          <strong style={{ fontSize: 22 }}>{view.totals.signups.toLocaleString('en')}</strong>{' '}
          <span className="muted">{view.totals.flaggedShare} flagged</span>
        </div>
        <div className="panel">
          <h3>Payments and logins</h3>
          <strong style={{ fontSize: 22 }}>{view.totals.payments.toLocaleString('en')}</strong>
        </div>
        {view.backlog.map((b) => (
          <div className="panel" key={b.queue} data-testid="backlog">
            <h3>{b.queue}</h3>
            <strong style={{ fontSize: 22 }}>{b.open + b.inReview}</strong>{' '}
            <span className="muted">
              waiting ({b.open} open, {b.inReview} in review) · oldest {b.oldestAge}
            </span>
          </div>
        ))}
      </div>
      <div className="grid halves">
        <section className="panel">
          <h2>Signups by risk per day</h2>
          <RiskByDayChart data={view.signupsByDay} />
        </section>
        <section className="panel">
          <h2>Payments by risk per day</h2>
          <RiskByDayChart data={view.paymentsByDay} />
        </section>
        <section className="panel">
          <h2>Top reason codes</h2>
          <ReasonChart data={view.reasons} />
        </section>
        <section className="panel">
          <h2>Review outcomes</h2>
          {view.outcomes.length === 0 ? (
            <p className="muted">No decisions in this range.</p>
          ) : (
            <table className="data" data-testid="review-outcomes">
              <tbody>
                {view.outcomes.map((o) => (
                  <tr key={o.label}>
                    <td>{o.label}</td>
                    <td>{o.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="panel">
          <h2>Webhook delivery health</h2>
          {view.webhooks.available ? (
            <>
              <WebhookHealthChart data={view.webhooks.byDay} />
              <p className="muted small">
                {view.webhooks.pending} pending · latency {view.webhooks.latency}
              </p>
            </>
          ) : (
            <p className="muted">Webhook delivery is not set up on this server yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}
