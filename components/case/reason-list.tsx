/** Why the engine reached its verdict: each reason with its code and whose data it came from. */
export function ReasonList({ reasons }: { reasons: { code: string; label: string; source: string }[] }) {
  if (reasons.length === 0) return <p className="muted">No reasons given.</p>;
  return (
    <ul data-testid="reasons">
      {reasons.map((r) => (
        <li key={r.code}>
          {r.label}{' '}
          <span className="muted small">
            ({r.code}, {r.source})
          </span>
        </li>
      ))}
    </ul>
  );
}
