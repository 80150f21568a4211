import type { DriveReport } from './drive-types';
import type { Population } from './types';

type VerdictCounts = Record<'low_risk' | 'high_risk' | 'unknown_risk' | 'error', number>;
const emptyCounts = (): VerdictCounts => ({ low_risk: 0, high_risk: 0, unknown_risk: 0, error: 0 });

export interface DriveSummary {
  seed: string;
  installations: number;
  events: number;
  ingestion: DriveReport['ingestion'];
  feedback: DriveReport['feedback'];
  /** Verdict counts per assessment kind, then per scenario and kind. */
  assessments: Record<string, VerdictCounts>;
  by_scenario: Record<string, Record<string, VerdictCounts>>;
  duration_ms: number;
}

/** The one-line JSON the CLI prints: what was sent and how the service answered, per scenario. */
export function summarizeDrive(population: Population, report: DriveReport): DriveSummary {
  const assessments: DriveSummary['assessments'] = {};
  const byScenario: DriveSummary['by_scenario'] = {};
  for (const result of report.results) {
    (assessments[result.kind] ??= emptyCounts())[result.verdict]++;
    const scenario = (byScenario[result.scenario] ??= {});
    (scenario[result.kind] ??= emptyCounts())[result.verdict]++;
  }
  return {
    seed: population.seed,
    installations: population.devices.length,
    events: population.devices.reduce((n, d) => n + d.events.length, 0),
    ingestion: report.ingestion,
    feedback: report.feedback,
    assessments,
    by_scenario: byScenario,
    duration_ms: report.durationMs,
  };
}
