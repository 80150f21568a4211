'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { takeNextCase } from '../../lib/console-api/actions/case-actions';
import { isTypingTarget } from './is-typing-target';

/** Claims the next case of the queue and opens it. Keyboard: n. */
export function NextCaseButton({ kind }: { kind: 'signups' | 'payments' }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const next = () =>
    startTransition(async () => {
      const result = await takeNextCase({ kind });
      if (!result.ok) setMessage(result.message);
      else if (result.data.href) router.push(result.data.href);
      else setMessage('The queue is empty.');
    });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'n' || isTypingTarget(event.target) || event.metaKey || event.ctrlKey) return;
      event.preventDefault();
      next();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <span className="row">
      <button type="button" className="primary" onClick={next} disabled={pending} data-testid="next-case">
        {pending ? 'Finding…' : 'Next case'} <span className="kbd">n</span>
      </button>
      {message ? <span className="muted">{message}</span> : null}
    </span>
  );
}
