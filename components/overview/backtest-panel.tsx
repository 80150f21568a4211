'use client';
import Link from 'next/link';
import { useState } from 'react';
import { applyThresholds, runBacktest } from '../../lib/console-api/actions/threshold-actions';
import type { BacktestView, MatrixView } from '../../lib/console-api/adapt-backtest';
import { useConsoleAction } from '../actions/use-console-action';

type Kind = 'signup' | 'payment';
interface Props {
  current: Record<Kind, { low: number; high: number; source: string }>;
  /** Only admins apply thresholds; managers run backtests. */
  canApply: boolean;
}

function Matrix({ title, m, testId }: { title: string; m: MatrixView; testId: string }) {
  return (
    <div>
      <h3>{title}</h3>
      <table className="data compact" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Verdict</th>
            <th scope="col">Turned out fraud</th>
            <th scope="col">Turned out legit</th>
            <th scope="col">Unlabelled</th>
          </tr>
        </thead>
        <tbody>
          {m.rows.map((r) => (
            <tr key={r.verdict}>
              <td data-label="Verdict">{r.verdict}</td>
              <td data-label="Fraud">{r.fraud}</td>
              <td data-label="Legit">{r.legit}</td>
              <td data-label="Unlabelled">{r.unlabelled}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small">
        Precision of high risk {m.precision} · false-positive rate {m.falsePositiveRate} · fraud caught{' '}
        {m.recall}
      </p>
    </div>
  );
}

/** A threshold as the percent the inputs take, to 0.01 % (a rounded value would not be the one in force). */
const asPercent = (rate: number) => String(Math.round(rate * 10_000) / 100);

/** Replays stored assessments under other thresholds; nothing changes until an admin applies them. */
export function BacktestPanel({ current, canApply }: Props) {
  const { pending, error, run } = useConsoleAction();
  const [kind, setKind] = useState<Kind>('signup');
  const [low, setLow] = useState(asPercent(current.signup.low));
  const [high, setHigh] = useState(asPercent(current.signup.high));
  const [result, setResult] = useState<BacktestView | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const thresholds = { low: Number(low) / 100, high: Number(high) / 100 };

  const pick = (k: Kind) => {
    setKind(k);
    setLow(asPercent(current[k].low));
    setHigh(asPercent(current[k].high));
    setResult(null);
  };
  return (
    <div className="stack" style={{ gap: 10 }} data-testid="backtest-panel">
      <p className="small muted">
        In force: signups low below {asPercent(current.signup.low)} %, high from{' '}
        {asPercent(current.signup.high)} % ({current.signup.source}) · payments low below{' '}
        {asPercent(current.payment.low)} %, high from {asPercent(current.payment.high)} % (
        {current.payment.source}).
      </p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(null);
          run(async () => {
            const reply = await runBacktest({ kind, thresholds });
            if (reply.ok) setResult(reply.data);
            return reply;
          });
        }}
      >
        <label>
          Cases
          <select value={kind} onChange={(e) => pick(e.target.value as Kind)} name="kind">
            <option value="signup">Signups</option>
            <option value="payment">Payments</option>
          </select>
        </label>
        <label>
          Low risk below (%)
          <input
            name="low"
            type="number"
            min={0}
            max={100}
            step={0.01}
            value={low}
            onChange={(e) => setLow(e.target.value)}
          />
        </label>
        <label>
          High risk from (%)
          <input
            name="high"
            type="number"
            min={0}
            max={100}
            step={0.01}
            value={high}
            onChange={(e) => setHigh(e.target.value)}
          />
        </label>
        <button type="submit" className="primary" disabled={pending}>
          Run backtest
        </button>
      </form>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {result ? (
        <div className="stack" style={{ gap: 10 }} data-testid="backtest-result">
          <p className="small">
            {result.replayed}, {result.range}. Proposed: {result.proposed}; in force: {result.current}.
          </p>
          <div className="grid halves">
            <Matrix title="As assessed" m={result.currentMatrix} testId="matrix-current" />
            <Matrix title="With the proposed thresholds" m={result.proposedMatrix} testId="matrix-proposed" />
          </div>
          <p data-testid="backtest-queue">
            Review queue: {result.queue.current.toLocaleString('en')} →{' '}
            {result.queue.proposed.toLocaleString('en')} ({result.queue.change}) ·{' '}
            <span data-testid="backtest-flips">{result.flipsTotal}</span> cases would change verdict.
          </p>
          {result.flips.length > 0 ? (
            <details>
              <summary>Cases that would flip (first {result.flips.length})</summary>
              <table className="data compact" data-testid="backtest-flip-list">
                <thead>
                  <tr>
                    <th scope="col">Case</th>
                    <th scope="col">Score</th>
                    <th scope="col">Turned out</th>
                    <th scope="col">Verdict</th>
                  </tr>
                </thead>
                <tbody>
                  {result.flips.map((f) => (
                    <tr key={f.id}>
                      <td data-label="Case">
                        <Link href={f.href} className="mono">
                          {f.shortId}
                        </Link>
                      </td>
                      <td data-label="Score">{f.probability}</td>
                      <td data-label="Turned out">{f.label}</td>
                      <td data-label="Verdict">{f.change}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          ) : null}
          {canApply ? (
            <div className="row">
              <button
                type="button"
                className="danger"
                disabled={pending}
                data-testid="apply-thresholds"
                onClick={() =>
                  run(async () => {
                    const reply = await applyThresholds({ kind, thresholds });
                    if (reply.ok)
                      setApplied(
                        `Applied to new ${kind} assessments: low below ${low} %, high from ${high} % (recorded in the audit log).`,
                      );
                    return reply;
                  })
                }
              >
                Apply these thresholds
              </button>
              <span className="small muted">
                Only new assessments use them; past verdicts stay as they were.
              </span>
            </div>
          ) : (
            <p className="small muted">An admin can apply these thresholds.</p>
          )}
          {applied ? (
            <p className="notice" role="status" data-testid="thresholds-applied">
              {applied}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
