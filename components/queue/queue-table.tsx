'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { claimCase } from '../../lib/console-api/actions/case-actions';
import type { QueueRowView } from '../../lib/console-api/adapt-queue-page';
import { BulkBar } from './bulk-bar';
import { isTypingTarget } from './is-typing-target';

interface Props {
  kind: 'signups' | 'payments';
  rows: QueueRowView[];
  subjectHeading: string;
  /** Present for managers and admins: the users cases may be handed to in bulk. */
  assignable: { id: string; email: string }[] | null;
}

/** The queue list. Keyboard: j / k move, Enter opens, c claims, x selects the case (bulk actions). */
export function QueueTable({ kind, rows, subjectHeading, assignable }: Props) {
  const router = useRouter();
  const [cursor, setCursor] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const bulk = assignable !== null;

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const claim = (id: string) =>
    startTransition(async () => {
      const result = await claimCase({ kind, id });
      setError(result.ok ? null : result.message);
      router.refresh();
    });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
      const row = rows[cursor];
      if (event.key === 'j') setCursor((i) => Math.min(rows.length - 1, i + 1));
      else if (event.key === 'k') setCursor((i) => Math.max(0, i - 1));
      else if (event.key === 'Enter' && row) router.push(row.href);
      else if (event.key === 'c' && row) claim(row.id);
      else if (event.key === 'x' && row && bulk) toggle(row.id);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (rows.length === 0) return <p className="panel muted">No cases match these filters.</p>;
  return (
    <>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {bulk ? (
        <BulkBar
          kind={kind}
          ids={[...selected]}
          assignable={assignable}
          onDone={() => setSelected(new Set())}
        />
      ) : null}
      <table className="data queue" data-testid="queue-table">
        <thead>
          <tr>
            {bulk ? (
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label="Select every case on this page"
                  checked={selected.size === rows.length}
                  onChange={(e) => setSelected(new Set(e.target.checked ? rows.map((r) => r.id) : []))}
                />
              </th>
            ) : null}
            <th scope="col">Case</th>
            <th scope="col">Risk</th>
            <th scope="col">{subjectHeading}</th>
            <th scope="col">Reasons</th>
            <th scope="col">Age</th>
            <th scope="col">Last change</th>
            <th scope="col">Client feedback</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={row.id}
              className={i === cursor ? 'selected' : undefined}
              aria-current={i === cursor ? 'true' : undefined}
              data-testid="queue-row"
              data-case-id={row.id}
              onClick={() => setCursor(i)}
            >
              {bulk ? (
                <td data-label="Select">
                  <input
                    type="checkbox"
                    aria-label={`Select case ${row.shortId}`}
                    checked={selected.has(row.id)}
                    onChange={() => toggle(row.id)}
                  />
                </td>
              ) : null}
              <td data-label="Case">
                <Link href={row.href} className="mono">
                  {row.shortId}
                </Link>
              </td>
              <td data-label="Risk">
                <span className={`badge ${row.risk}`}>{row.riskLabel}</span>
                {row.score ? (
                  <div className="small" data-testid="queue-score" title="The model's probability of fraud">
                    score {row.score}
                  </div>
                ) : null}
              </td>
              <td data-label={subjectHeading}>
                <div>{row.subject}</div>
                <div className="muted small">{row.detail}</div>
              </td>
              <td data-label="Reasons">
                {row.reasons.map((r) => (
                  <span key={r.name} className="chip" title={r.title}>
                    {r.name}{' '}
                    <span aria-label={r.arrow === '↑' ? 'raised the risk' : 'lowered the risk'}>
                      {r.arrow}
                    </span>
                  </span>
                ))}
              </td>
              <td data-label="Age">
                <span
                  className={`sla ${row.sla.state}`}
                  data-testid="queue-age"
                  title={`SLA: ${row.sla.label}`}
                >
                  {row.sla.age} · {row.sla.label}
                </span>
              </td>
              <td data-label="Last change" className="small">
                {row.lastChange}
              </td>
              <td data-label="Client feedback" data-testid="queue-feedback">
                {row.feedback.length === 0 ? (
                  <span className="muted small">none yet</span>
                ) : (
                  row.feedback.map((f) => (
                    <span key={f} className="chip feedback">
                      {f}
                    </span>
                  ))
                )}
              </td>
              <td data-label="Status">
                <span className="badge status">{row.statusLabel}</span>
                <div className="small">{row.assignee ?? <span className="muted">unassigned</span>}</div>
              </td>
              <td data-label="Actions">
                {row.status === 'open' && !row.assignee ? (
                  <button type="button" disabled={pending} onClick={() => claim(row.id)}>
                    Claim
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
