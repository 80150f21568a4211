'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { claimCase } from '../../lib/console-api/actions/case-actions';
import type { QueueRowView } from '../../lib/console-api/adapt-queue-page';
import { isTypingTarget } from './is-typing-target';

interface Props {
  kind: 'signups' | 'payments';
  rows: QueueRowView[];
  subjectHeading: string;
}

/** The queue list. Keyboard: j / k move, Enter opens, c claims the selected case. */
export function QueueTable({ kind, rows, subjectHeading }: Props) {
  const router = useRouter();
  const [selected, setSelected] = useState(0);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  const claim = (id: string) =>
    startTransition(async () => {
      const result = await claimCase({ kind, id });
      setError(result.ok ? null : result.message);
      router.refresh();
    });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === 'j') setSelected((i) => Math.min(rows.length - 1, i + 1));
      else if (event.key === 'k') setSelected((i) => Math.max(0, i - 1));
      else if (event.key === 'Enter' && rows[selected]) router.push(rows[selected].href);
      else if (event.key === 'c' && rows[selected]) claim(rows[selected].id);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (rows.length === 0) return <p className="panel muted">No cases match these filters.</p>;
  return (
    <>
      {error ? <p className="error">{error}</p> : null}
      <table className="data" data-testid="queue-table">
        <thead>
          <tr>
            <th>Case</th>
            <th>Risk</th>
            <th>{subjectHeading}</th>
            <th>Reasons</th>
            <th>Created</th>
            <th>Status</th>
            <th>Assignee</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={row.id}
              className={i === selected ? 'selected' : undefined}
              aria-selected={i === selected}
              data-testid="queue-row"
              data-case-id={row.id}
              onClick={() => setSelected(i)}
            >
              <td>
                <Link href={row.href} className="mono">
                  {row.shortId}
                </Link>
              </td>
              <td>
                <span className={`badge ${row.risk}`}>{row.riskLabel}</span>
              </td>
              <td>
                <div>{row.subject}</div>
                <div className="muted small">{row.detail}</div>
              </td>
              <td>
                {row.reasons.map((r) => (
                  <span key={r} className="chip">
                    {r}
                  </span>
                ))}
              </td>
              <td className="small">{row.createdLabel}</td>
              <td>
                <span className="badge status">{row.statusLabel}</span>
              </td>
              <td className="small">{row.assignee ?? <span className="muted">unassigned</span>}</td>
              <td>
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
