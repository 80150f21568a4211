'use client';
import { useRouter } from 'next/navigation';
import { assignCase, claimCase } from '../../lib/console-api/actions/case-actions';
import { useConsoleAction } from '../actions/use-console-action';

interface Props {
  kind: 'signups' | 'payments';
  caseId: string;
  status: string;
  assignee: string | null;
  me: { id: string; email: string };
  /** Present for managers and admins, who may hand a case to anyone. */
  assignable: { id: string; email: string }[] | null;
}

export function CaseAssignment({ kind, caseId, status, assignee, me, assignable }: Props) {
  const router = useRouter();
  const { pending, error, run } = useConsoleAction(() => router.refresh());

  if (status === 'closed')
    return <span className="muted small">Closed{assignee ? ` by ${assignee}` : ''}</span>;
  return (
    <span className="row" data-testid="case-assignment">
      <span className="small">
        {assignee ? (
          <>
            Assigned to <strong>{assignee}</strong>
          </>
        ) : (
          'Unassigned'
        )}
      </span>
      {!assignee ? (
        <button type="button" disabled={pending} onClick={() => run(() => claimCase({ kind, id: caseId }))}>
          Claim
        </button>
      ) : null}
      {assignee === me.email ? (
        <button
          type="button"
          disabled={pending}
          onClick={() => run(() => assignCase({ kind, id: caseId, userId: null }))}
        >
          Release
        </button>
      ) : null}
      {assignable ? (
        <select
          aria-label="Assign to"
          value=""
          disabled={pending}
          onChange={(e) =>
            e.target.value && run(() => assignCase({ kind, id: caseId, userId: e.target.value }))
          }
        >
          <option value="">Assign to…</option>
          {assignable.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
        </select>
      ) : null}
      {error ? <span className="error small">{error}</span> : null}
    </span>
  );
}
