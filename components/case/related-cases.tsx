import Link from 'next/link';
import type { CaseRefView, RelatedView } from '../../lib/console-api/adapt-case-refs';

/** A table of cases with their verdict, decision and client feedback, each linked. */
export function CaseRefTable({ cases, testId }: { cases: CaseRefView[]; testId?: string }) {
  return (
    <table className="data compact" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">Case</th>
          <th scope="col">Verdict</th>
          <th scope="col">Decision</th>
          <th scope="col">Client feedback</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {cases.map((c) => (
          <tr key={c.id} data-testid="case-ref" data-case-id={c.id}>
            <td data-label="Case">
              <Link href={c.href}>
                {c.kind} <span className="mono">{c.shortId}</span>
              </Link>
              {c.summary ? <div className="small muted">{c.summary}</div> : null}
            </td>
            <td data-label="Verdict">
              <span className={`badge ${c.risk}`}>{c.riskLabel}</span>
            </td>
            <td data-label="Decision" className="small">
              {c.decision}
            </td>
            <td data-label="Client feedback" className="small">
              {c.feedback.length ? c.feedback.join(', ') : <span className="muted">none</span>}
            </td>
            <td data-label="Created" className="small">
              {c.created}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Other cases on this device / account / address", each section with its cases or a plain "none". */
export function RelatedCases({ view }: { view: RelatedView }) {
  return (
    <div className="stack" style={{ gap: 12 }} data-testid="related-cases">
      {view.sections.map((s) => (
        <div key={s.key} data-testid={`related-${s.key}`}>
          <h3>
            {s.title} ({s.cases.length})
          </h3>
          {s.cases.length === 0 ? <p className="muted small">{s.empty}</p> : <CaseRefTable cases={s.cases} />}
        </div>
      ))}
    </div>
  );
}
