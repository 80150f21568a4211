'use client';
import { useState } from 'react';
import { eraseSubject } from '../../lib/console-api/actions/erasure-actions';
import type { ErasureView } from '../../lib/console-api/adapt-erasure';
import { useConsoleAction } from '../actions/use-console-action';

type SubjectType = 'installation' | 'account';

/**
 * Erasure on a data-subject request: the admin names an installation or account and types its id a
 * second time to confirm. Verdicts stay; locations, addresses and links go (docs/OPERATIONS.md).
 */
export function ErasurePanel() {
  const { pending, error, run } = useConsoleAction();
  const [type, setType] = useState<SubjectType>('installation');
  const [id, setId] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState<ErasureView | null>(null);
  const ready = id.trim() !== '' && confirmation === id;

  return (
    <div className="stack" style={{ gap: 10 }} data-testid="erasure-panel">
      <p className="muted small">
        Removes the location history, device links, declared addresses and every other personal field of one
        end user. Signup and payment verdicts stay, without personal data. This cannot be undone.
      </p>
      <div className="row">
        <label>
          Erase
          <select value={type} onChange={(e) => setType(e.target.value as SubjectType)} name="subject_type">
            <option value="installation">installation</option>
            <option value="account">account</option>
          </select>
        </label>
        <label>
          Id
          <input name="subject_id" value={id} onChange={(e) => setId(e.target.value)} />
        </label>
        <label>
          Type the id again
          <input name="confirmation" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
        </label>
      </div>
      <div className="row">
        <button
          type="button"
          className="danger"
          disabled={pending || !ready}
          onClick={() =>
            run(async () => {
              const result = await eraseSubject({ subject_type: type, subject_id: id.trim() });
              if (result.ok) {
                setDone(result.data);
                setId('');
                setConfirmation('');
              }
              return result;
            })
          }
        >
          Erase
        </button>
        {error ? <span className="error">{error}</span> : null}
      </div>
      {done ? (
        <p className="small" data-testid="erasure-result">
          Erased {done.subject}: {done.eventsDeleted} location events and {done.rowsDeleted} rows deleted in
          all, {done.rowsScrubbed} rows kept without personal data, {done.webhooksCancelled} webhooks
          cancelled.
          {done.previouslyErased ? ` It had been erased before, on ${done.previouslyErased}.` : ''}
        </p>
      ) : null}
    </div>
  );
}
