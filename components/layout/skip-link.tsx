'use client';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';

type Target = { id: string; label: string };
const CONTENT: Target = { id: 'main', label: 'Skip to the content' };
const DECISION: Target = { id: 'decision', label: 'Skip to the decision' };

/**
 * The first stop of the keyboard on every screen: past the top bar to the content, or on a case
 * straight to its decision (the decision form then focuses its first verdict).
 */
export function SkipLink() {
  const pathname = usePathname();
  const [target, setTarget] = useState<Target>(CONTENT);
  const look = useCallback(() => setTarget(document.getElementById(DECISION.id) ? DECISION : CONTENT), []);
  useEffect(look, [pathname, look]);
  return (
    <a href={`#${target.id}`} className="skip-link" onFocus={look}>
      {target.label}
    </a>
  );
}
