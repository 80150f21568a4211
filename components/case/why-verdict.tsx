import type { WhyLineView, WhyView } from '../../lib/console-api/adapt-why';

function WhyLines({ lines, testId }: { lines: WhyLineView[]; testId: string }) {
  return (
    <ul className="why-lines" data-testid={testId}>
      {lines.map((line) => (
        <li key={line.key} className={line.direction} data-testid="why-line" data-key={line.key}>
          <span className="why-arrow" aria-hidden="true">
            {line.direction === 'raises' ? '▲' : '▼'}
          </span>
          <span className="why-text">{line.label}</span>
          {line.weight !== null ? (
            <span className="why-bar" aria-hidden="true">
              <span style={{ width: `${Math.max(4, line.weight)}%` }} />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Why this verdict: the score, what decided, the strongest pulls in plain words, rules, thin evidence. */
export function WhyVerdict({ why }: { why: WhyView }) {
  return (
    <div className="stack why" style={{ gap: 8 }} data-testid="why-verdict">
      <div className="row">
        {why.score ? (
          <strong data-testid="why-score" className="why-score">
            {why.score}
          </strong>
        ) : null}
        <span data-testid="why-decided-by">{why.decidedBy}</span>
      </div>
      {why.thresholds ? <p className="small muted">Thresholds: {why.thresholds}</p> : null}
      {why.thinEvidence ? (
        <p className="notice" data-testid="why-thin-evidence">
          Not enough evidence: {why.thinEvidence}.
        </p>
      ) : null}
      {why.rules.length > 0 ? (
        <>
          <h3>Rules that fired</h3>
          <WhyLines lines={why.rules} testId="why-rules" />
        </>
      ) : null}
      {why.contributions.length > 0 ? (
        <>
          <h3>Strongest evidence for the model</h3>
          <WhyLines lines={why.contributions} testId="why-contributions" />
        </>
      ) : null}
      {why.reasons.length > 0 ? <WhyLines lines={why.reasons} testId="why-reasons" /> : null}
      {why.contributions.length + why.rules.length + why.reasons.length === 0 && !why.thinEvidence ? (
        <p className="muted">No reasons recorded for this assessment.</p>
      ) : null}
      {why.modelVersion ? <p className="small muted">Model {why.modelVersion}</p> : null}
    </div>
  );
}
