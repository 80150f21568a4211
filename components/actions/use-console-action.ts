'use client';
import { useState, useTransition } from 'react';

type Work = () => Promise<{ ok: boolean; message?: string }>;

/**
 * Runs console server actions in a transition, one at a time: `pending` disables the buttons, `error`
 * holds the last failure's message (cleared by the next success). `onSettled` runs after each action.
 */
export function useConsoleAction(onSettled?: () => void) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const run = (work: Work) =>
    startTransition(async () => {
      const result = await work();
      setError(result.ok ? null : (result.message ?? 'failed'));
      onSettled?.();
    });
  return { pending, error, run };
}
