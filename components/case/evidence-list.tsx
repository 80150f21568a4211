import type { EvidenceLine } from '../../lib/console-api/adapt-evidence';

const TONE_COLOUR = { good: 'var(--low)', bad: 'var(--high)', neutral: 'inherit' } as const;

export function EvidenceList({ lines }: { lines: EvidenceLine[] }) {
  if (lines.length === 0) return <p className="muted">No evidence recorded.</p>;
  return (
    <dl className="facts" data-testid="evidence">
      {lines.map((line) => (
        <div key={line.key} style={{ display: 'contents' }}>
          <dt>{line.label}</dt>
          <dd style={{ color: TONE_COLOUR[line.tone] }}>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
