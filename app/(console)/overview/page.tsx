import Link from 'next/link';
import { BacktestPanel } from '../../../components/overview/backtest-panel';
import { DrillDownTable } from '../../../components/overview/drill-down-table';
import { ReasonChart } from '../../../components/overview/reason-chart';
import { RiskByDayChart } from '../../../components/overview/risk-by-day-chart';
import { WebhookHealthChart } from '../../../components/overview/webhook-health-chart';
import { adaptOverview, type DayBarView } from '../../../lib/console-api/adapt-overview';
import { loadOrFail } from '../../../lib/console-api/load-or-fail';
import { overviewRange } from '../../../lib/console-api/overview-range';
import { requireConsoleUser } from '../../../lib/console-api/session';
import { roleAtLeast } from '../../../lib/contracts/console/common';

export const metadata = { title: 'Overview' };

const dayRows = (days: DayBarView[]) =>
  days.map((d) => ({ key: d.day, href: d.href, cells: [d.day, d.high, d.unknown, d.low] }));

export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { api, user } = await requireConsoleUser('manager', '/overview');
  const range = overviewRange(await searchParams);
  if (range.kind === 'invalid') {
    return (
      <div className="stack">
        <h1>Risk overview</h1>
        <p className="error panel" role="alert" data-testid="range-error">
          {range.message} <Link href="/overview">Show the last 14 days</Link>
        </p>
      </div>
    );
  }
  const [overview, thresholds] = await Promise.all([
    loadOrFail(api.overview(range.query)),
    loadOrFail(api.thresholds.get()),
  ]);
  const view = adaptOverview(overview);
  const csv = (table: string) => `/overview/export?${new URLSearchParams({ table, ...view.range })}`;
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
        <a className="button" href={csv('days')} download>
          Export days (CSV)
        </a>
        <a className="button" href={csv('weeks')} download>
          Export weeks (CSV)
        </a>
      </div>
      <div className="row" data-testid="overview-totals">
        <div className="panel">
          <h2 className="h3">Signups</h2>
          <strong style={{ fontSize: 22 }}>{view.totals.signups.toLocaleString('en')}</strong>{' '}
          <span className="muted">{view.totals.flaggedShare} flagged</span>
        </div>
        <div className="panel">
          <h2 className="h3">Payments and logins</h2>
          <strong style={{ fontSize: 22 }}>{view.totals.payments.toLocaleString('en')}</strong>
        </div>
        {view.backlog.map((b) => (
          <div className="panel" key={b.queue} data-testid="backlog">
            <h2 className="h3">{b.queue}</h2>
            <Link href={b.href}>
              <strong style={{ fontSize: 22 }}>{b.open + b.inReview}</strong> waiting
            </Link>{' '}
            <span className="muted">
              ({b.open} open, {b.inReview} in review) · oldest{' '}
              <span data-testid="backlog-age">{b.oldestAge}</span>
            </span>
          </div>
        ))}
      </div>
      <div className="grid halves">
        <section className="panel" aria-labelledby="signups-by-day">
          <h2 id="signups-by-day">Signups by risk per day</h2>
          <RiskByDayChart data={view.signupsByDay} />
          <DrillDownTable
            caption="Days as a table, with links to the queue"
            columns={['Day', 'High', 'Unknown', 'Low']}
            rows={dayRows(view.signupsByDay)}
          />
        </section>
        <section className="panel" aria-labelledby="payments-by-day">
          <h2 id="payments-by-day">Payments by risk per day</h2>
          <RiskByDayChart data={view.paymentsByDay} />
          <DrillDownTable
            caption="Days as a table, with links to the queue"
            columns={['Day', 'High', 'Unknown', 'Low']}
            rows={dayRows(view.paymentsByDay)}
          />
        </section>
        <section className="panel" aria-labelledby="quality-title">
          <h2 id="quality-title">Precision and false positives per week</h2>
          <p className="small muted">
            From the client&apos;s feedback and the analysts&apos; decisions on cases created that week.
          </p>
          {view.quality.length === 0 ? (
            <p className="muted">No labelled case in this range yet.</p>
          ) : (
            <table className="data compact" data-testid="quality-by-week">
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col">Cases</th>
                  <th scope="col">Labelled</th>
                  <th scope="col">Precision of high risk</th>
                  <th scope="col">False-positive rate</th>
                  <th scope="col">Queue</th>
                </tr>
              </thead>
              <tbody>
                {view.quality.map((w) => (
                  <tr key={`${w.kind}-${w.week}`}>
                    <td data-label="Week of">{w.week}</td>
                    <td data-label="Cases">{w.kind}</td>
                    <td data-label="Labelled">{w.labelled}</td>
                    <td data-label="Precision">{w.precision}</td>
                    <td data-label="False positives">{w.falsePositiveRate}</td>
                    <td data-label="Queue">
                      <Link href={w.href}>flagged cases</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="panel" aria-labelledby="reasons-title">
          <h2 id="reasons-title">Top reason codes</h2>
          <ReasonChart data={view.reasons} />
          <DrillDownTable
            caption="Reasons as a table, with links to the queue"
            columns={['Reason', 'Signups', 'Payments']}
            rows={view.reasons.map((r) => ({
              key: r.label,
              href: r.href,
              cells: [r.label, r.signups, r.payments],
            }))}
          />
        </section>
        <section className="panel" aria-labelledby="outcomes-title">
          <h2 id="outcomes-title">Review outcomes</h2>
          {view.outcomes.length === 0 ? (
            <p className="muted">No decisions in this range.</p>
          ) : (
            <table className="data" data-testid="review-outcomes">
              <tbody>
                {view.outcomes.map((o) => (
                  <tr key={o.label}>
                    <td>
                      <Link href={o.href}>{o.label}</Link>
                    </td>
                    <td>{o.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="panel" aria-labelledby="webhooks-title">
          <h2 id="webhooks-title">Webhook delivery health</h2>
          {view.webhooks.available ? (
            <>
              <WebhookHealthChart data={view.webhooks.byDay} />
              <p className="muted small">
                {view.webhooks.pending} pending · latency {view.webhooks.latency}
                {roleAtLeast(user.role, 'admin') ? (
                  <>
                    {' '}
                    · <Link href="/settings#webhook">latest attempts</Link>
                  </>
                ) : null}
              </p>
            </>
          ) : (
            <p className="muted">Webhook delivery is not set up on this server yet.</p>
          )}
        </section>
      </div>
      <section className="panel" aria-labelledby="backtest-title">
        <h2 id="backtest-title">Threshold backtest</h2>
        <BacktestPanel current={thresholds} canApply={roleAtLeast(user.role, 'admin')} />
      </section>
    </div>
  );
}
