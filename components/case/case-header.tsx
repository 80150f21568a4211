import Link from 'next/link';
import type { CaseSummaryView } from '../../lib/console-api/case-summary-view';
import { CaseAssignment } from './case-assignment';

interface Props {
  kind: 'signups' | 'payments';
  /** What the case is: "Signup", "Payment", "Login". */
  title: string;
  view: CaseSummaryView;
  me: { id: string; email: string };
  /** Present for managers and admins, who may hand a case to anyone. */
  assignable: { id: string; email: string }[] | null;
}

/** The top row of a case page: back to the queue, the verdict, the review status and who has the case. */
export function CaseHeader({ kind, title, view, me, assignable }: Props) {
  return (
    <div className="row">
      <Link href={`/${kind}`}>← Queue</Link>
      <h1 style={{ margin: 0 }}>
        {title} <span className="mono">{view.id}</span>
      </h1>
      <span className={`badge ${view.risk}`} data-testid="verdict">
        {view.riskLabel}
      </span>
      <span className="badge status" data-testid="review-status">
        {view.statusLabel}
        {view.outcome ? ` · ${view.outcome}` : ''}
      </span>
      <span className="spacer" />
      <CaseAssignment
        kind={kind}
        caseId={view.id}
        status={view.status}
        assignee={view.assignee}
        me={me}
        assignable={assignable}
      />
    </div>
  );
}
