import type { Place } from '../../lib/contracts/console/common';

/** Distinct shapes and letters, not only colours: home is a square, work a diamond, trusted a circle. */
export const PLACE_SYMBOLS: Record<Place['kind'], { letter: string; name: string }> = {
  home: { letter: 'H', name: 'Home' },
  work: { letter: 'W', name: 'Work' },
  trusted: { letter: 'T', name: 'Trusted place' },
  frequent: { letter: 'F', name: 'Frequent place' },
};

export function PlaceMarker({ kind, label }: { kind: Place['kind']; label: string }) {
  return (
    <div className={`place-pin ${kind}`} title={label} aria-label={label} data-testid={`place-${kind}`}>
      <span>{PLACE_SYMBOLS[kind].letter}</span>
    </div>
  );
}
