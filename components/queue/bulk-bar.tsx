'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { bulkCases } from '../../lib/console-api/actions/queue-actions';
import { useConsoleAction } from '../actions/use-console-action';

interface Props {
  kind: 'signups' | 'payments';
  ids: string[];
  assignable: { id: string; email: string }[];
  onDone: () => void;
}

/** Bulk assignment and closing of the selected cases (managers and admins). */
export function BulkBar({ kind, ids, assignable, onDone }: Props) {
  const router = useRouter();
  const { pending, error, run } = useConsoleAction(() => router.refresh());
  const [assignee, setAssignee] = useState('');
  const [comment, setComment] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const none = ids.length === 0;

  const act = (action: Parameters<typeof bulkCases>[0]['action']) =>
    run(async () => {
      const reply = await bulkCases({ kind, action });
      if (reply.ok) {
        setResult(
          `${reply.data.done} of ${ids.length} done${reply.data.failed.length ? ` · ${reply.data.failed.join('; ')}` : ''}`,
        );
        setComment('');
        onDone();
      }
      return reply;
    });

  return (
    <div className="bulk-bar panel" data-testid="bulk-bar" aria-label="Bulk actions">
      <strong>{ids.length} selected</strong>
      <label>
        Assign to
        <select value={assignee} onChange={(e) => setAssignee(e.target.value)} disabled={pending}>
          <option value="">choose a user…</option>
          <option value="-">nobody (release)</option>
          {assignable.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        disabled={pending || none || !assignee}
        onClick={() => act({ action: 'assign', ids, user_id: assignee === '-' ? null : assignee })}
      >
        Assign
      </button>
      <label className="grow">
        Comment for closing
        <input
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder="e.g. the client already reported the outcome"
          disabled={pending}
        />
      </label>
      <button
        type="button"
        disabled={pending || none || comment.trim().length < 3}
        onClick={() => act({ action: 'close', ids, comment })}
      >
        Close without verdict
      </button>
      <span role="status" className="small" data-testid="bulk-result">
        {error ?? result ?? ''}
      </span>
    </div>
  );
}
