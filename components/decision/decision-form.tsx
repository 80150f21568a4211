'use client';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { decidePayment, decideSignup, takeNextCase } from '../../lib/console-api/actions/case-actions';
import type { DecisionOptionView } from '../../lib/console-api/decision-options';

interface Props {
  kind: 'signups' | 'payments';
  caseId: string;
  options: DecisionOptionView[];
  closed: boolean;
}

/** Legit / fraud (or approve / decline) with a feedback type and a mandatory comment. */
export function DecisionForm({ kind, caseId, options, closed }: Props) {
  const router = useRouter();
  const [verdict, setVerdict] = useState<string | null>(null);
  const [event, setEvent] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const option = options.find((o) => o.verdict === verdict) ?? null;

  const choose = (o: DecisionOptionView) => {
    setVerdict(o.verdict);
    setEvent(o.events[0]?.value ?? '');
    setError(null);
  };
  const submit = () =>
    startTransition(async () => {
      if (!option) return;
      if (comment.trim().length < 3) {
        setError('A comment is required.');
        return;
      }
      const input = { id: caseId, decision: { verdict: option.verdict, event, comment } };
      // The form only offers valid verdict/event pairs; the action validates them again.
      const result =
        kind === 'signups'
          ? await decideSignup(input as Parameters<typeof decideSignup>[0])
          : await decidePayment(input as Parameters<typeof decidePayment>[0]);
      if (!result.ok) {
        setError(result.message);
        return;
      }
      setDone(`Recorded as ${event}.`);
      router.refresh();
    });
  const next = () =>
    startTransition(async () => {
      const result = await takeNextCase({ kind });
      if (result.ok && result.data.href) router.push(result.data.href);
      else setError(result.ok ? 'The queue is empty.' : result.message);
    });

  if (done || closed) {
    return (
      <div className="stack" style={{ gap: 8 }} data-testid="decision-done">
        <p className="notice">{done ?? 'This case is closed.'}</p>
        <button type="button" className="primary" onClick={next} disabled={pending}>
          Next case
        </button>
        {error ? <p className="error">{error}</p> : null}
      </div>
    );
  }
  return (
    <form
      className="stack"
      style={{ gap: 10 }}
      data-testid="decision-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="row">
        {options.map((o) => (
          <button
            key={o.verdict}
            type="button"
            className={verdict === o.verdict ? o.tone : undefined}
            aria-pressed={verdict === o.verdict}
            onClick={() => choose(o)}
            data-testid={`verdict-${o.verdict}`}
          >
            {o.label}
          </button>
        ))}
      </div>
      {option ? (
        <>
          <label>
            Type
            <select value={event} onChange={(e) => setEvent(e.target.value)} name="event">
              {option.events.map((ev) => (
                <option key={ev.value} value={ev.value}>
                  {ev.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Comment (required)
            <textarea
              name="comment"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder="What made you decide?"
              required
              minLength={3}
            />
          </label>
          <button type="submit" className="primary" disabled={pending || comment.trim().length < 3}>
            {pending ? 'Saving…' : 'Record decision'}
          </button>
        </>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
