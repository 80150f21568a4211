'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { deleteQueueFilter, saveQueueFilter } from '../../lib/console-api/actions/queue-actions';
import { useConsoleAction } from '../actions/use-console-action';

interface Props {
  kind: 'signups' | 'payments';
  saved: { id: string; name: string; href: string }[];
  /** The current filters (as the URL has them) that "Save" stores. */
  current: Record<string, string>;
}

/** The user's own saved filters as one-click links, and saving the current ones under a name. */
export function SavedFilters({ kind, saved, current }: Props) {
  const router = useRouter();
  const { pending, error, run } = useConsoleAction(() => router.refresh());
  const [name, setName] = useState('');
  return (
    <div className="row saved-filters" data-testid="saved-filters">
      <span className="small muted">Saved filters:</span>
      {saved.length === 0 ? <span className="small muted">none yet</span> : null}
      {saved.map((f) => (
        <span key={f.id} className="chip saved">
          <Link href={f.href}>{f.name}</Link>{' '}
          <button
            type="button"
            className="link"
            aria-label={`Delete the saved filter ${f.name}`}
            disabled={pending}
            onClick={() => run(() => deleteQueueFilter({ kind, id: f.id }))}
          >
            ×
          </button>
        </span>
      ))}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          run(async () => {
            const result = await saveQueueFilter({ kind, name, query: current });
            if (result.ok) setName('');
            return result;
          });
        }}
      >
        <input
          aria-label="Name of the filter to save"
          placeholder="name these filters"
          value={name}
          onChange={(e) => setName(e.target.value)}
          size={18}
        />
        <button type="submit" disabled={pending || name.trim().length === 0}>
          Save filters
        </button>
      </form>
      {error ? (
        <span className="error small" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
