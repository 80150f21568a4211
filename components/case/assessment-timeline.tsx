import type { TimelineEntryView } from '../../lib/console-api/adapt-signup-detail';

export function AssessmentTimeline({ entries }: { entries: TimelineEntryView[] }) {
  if (entries.length === 0) return <p className="muted">No assessments recorded.</p>;
  return (
    <ul className="timeline" data-testid="assessment-timeline">
      {entries.map((e, i) => (
        <li key={i}>
          <div className="row">
            <span className={`badge ${e.risk}`}>{e.riskLabel}</span>
            {e.changed ? <strong className="small">changed</strong> : null}
            <span className="muted small">
              {e.at} · {e.trigger}
            </span>
          </div>
          {e.reasons.length > 0 ? <div className="small muted">{e.reasons.join(' · ')}</div> : null}
        </li>
      ))}
    </ul>
  );
}
