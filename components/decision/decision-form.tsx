'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { decidePayment, decideSignup, takeNextCase } from '../../lib/console-api/actions/case-actions';
import type { DecisionOptionView } from '../../lib/console-api/decision-options';
import { isTypingTarget } from '../queue/is-typing-target';

interface Props {
  kind: 'signups' | 'payments';
  caseId: string;
  options: DecisionOptionView[];
  closed: boolean;
}

/**
 * Legit / fraud (or approve / decline) with a feedback type and a mandatory comment. Keyboard: the
 * verdict's key (l/f or a/d) picks it and moves focus to the comment; Ctrl+Enter records; after
 * recording, focus moves to "Next case" (n), which opens the next case with focus on its first verdict
 * (as the skip link to #decision does).
 */
export function DecisionForm({ kind, caseId, options, closed }: Props) {
  const router = useRouter();
  const [verdict, setVerdict] = useState<string | null>(null);
  const [event, setEvent] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // Its own transition: the decision's refresh must not disable the button that focus moves to.
  const [finding, startFinding] = useTransition();
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const verdictsRef = useRef<HTMLDivElement>(null);
  const option = options.find((o) => o.verdict === verdict) ?? null;
  const finished = done !== null || closed;

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
        commentRef.current?.focus();
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
    startFinding(async () => {
      const result = await takeNextCase({ kind });
      if (result.ok && result.data.href) router.push(`${result.data.href}#decision`);
      else setError(result.ok ? 'The queue is empty.' : result.message);
    });

  // Focus follows the work: the comment once a verdict is picked, the outcome once it is recorded.
  useEffect(() => {
    if (option && !finished) commentRef.current?.focus();
  }, [option, finished]);
  useEffect(() => {
    if (done) nextRef.current?.focus();
  }, [done]);
  // Arriving at #decision (the skip link, or "Next case"): focus the first verdict.
  useEffect(() => {
    const focusVerdict = () => {
      if (window.location.hash === '#decision') verdictsRef.current?.querySelector('button')?.focus();
    };
    focusVerdict();
    window.addEventListener('hashchange', focusVerdict);
    return () => window.removeEventListener('hashchange', focusVerdict);
  }, [caseId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.altKey) return;
      if (e.ctrlKey && e.key === 'Enter' && option && !finished) {
        e.preventDefault();
        submit();
        return;
      }
      if (e.ctrlKey || isTypingTarget(e.target)) return;
      const picked = options.find((o) => o.key === e.key);
      if (picked && !finished) {
        e.preventDefault();
        choose(picked);
      } else if (e.key === 'n' && finished) {
        e.preventDefault();
        next();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (finished) {
    return (
      <div className="stack" style={{ gap: 8 }} data-testid="decision-done">
        <p className="notice" role="status">
          {done ?? 'This case is closed.'}
        </p>
        <button
          type="button"
          className="primary"
          onClick={next}
          disabled={finding}
          aria-keyshortcuts="n"
          ref={nextRef}
          data-testid="next-case-after-decision"
        >
          Next case <span className="kbd">n</span>
        </button>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form
      className="stack"
      style={{ gap: 10 }}
      data-testid="decision-form"
      aria-label="Decision"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="row" role="group" aria-label="Verdict" ref={verdictsRef}>
        {options.map((o) => (
          <button
            key={o.verdict}
            type="button"
            className={verdict === o.verdict ? o.tone : undefined}
            aria-pressed={verdict === o.verdict}
            aria-keyshortcuts={o.key}
            onClick={() => choose(o)}
            data-testid={`verdict-${o.verdict}`}
          >
            {o.label} <span className="kbd">{o.key}</span>
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
              ref={commentRef}
              name="comment"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder="What made you decide?"
              required
              minLength={3}
              aria-keyshortcuts="Control+Enter"
            />
          </label>
          <button type="submit" className="primary" disabled={pending || comment.trim().length < 3}>
            {pending ? 'Saving…' : 'Record decision'} <span className="kbd">Ctrl+Enter</span>
          </button>
        </>
      ) : (
        <p className="small muted">
          Press {options.map((o) => `${o.key} for ${o.label.toLowerCase()}`).join(', ')}.
        </p>
      )}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
