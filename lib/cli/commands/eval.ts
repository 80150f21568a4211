import type { Command } from 'commander';
import { assessPopulation } from '../../eval/assess-population';
import { evaluationLines, evaluationTable } from '../../eval/evaluation-report';
import { DEFAULT_EVAL_DEVICES, EVAL_SEED, SIMULATION_NOW, TRAIN_SEED } from '../../eval/population-config';
import { PAYMENT_MODEL, SIGNUP_MODEL } from '../../domain/model/trained-models';
import { generatePopulation } from '../../sim/generate-population';
import { progressReporter } from '../../sim/progress-reporter';

/** Floors from issue 5; a run below them exits 1. */
const TARGETS = { signupAuc: 0.97, signupScenarioAuc: 0.9, takeoverTpr1: 0.8, honestAtHomeLow: 0.95 };

/** `locus eval` (npm run eval) — the trained models on a fresh seed, per scenario and overall; one JSON line last. */
export function register(program: Command): void {
  program
    .command('eval')
    .description('evaluate the risk engine on a simulated population never used in training')
    .option('--devices <n>', 'installations to simulate', (v) => Number(v), DEFAULT_EVAL_DEVICES)
    .option('--seed <seed>', 'population seed (must differ from the training seed)', EVAL_SEED)
    .action(async (o: { devices: number; seed: string }) => {
      if (o.seed === TRAIN_SEED || o.seed === SIGNUP_MODEL.training.seed)
        throw new Error('eval seed must not be the training seed');
      const log = (line: string) => process.stderr.write(`${line}\n`);
      log(
        `eval: models ${SIGNUP_MODEL.version} / ${PAYMENT_MODEL.version}; generating ${o.devices} devices (seed ${o.seed})`,
      );
      const population = generatePopulation({ seed: o.seed, now: SIMULATION_NOW, devices: o.devices });
      const progress = progressReporter('eval: assessing', population.devices.length, log, 10);
      const rows = await assessPopulation(population, (done) => progress(done));
      const lines = evaluationLines(rows);
      process.stdout.write(`${evaluationTable(lines)}\n`);
      const get = (kind: string, scenario: string) =>
        lines.find((l) => l.kind === kind && l.scenario === scenario);
      const signupFraud = lines.filter((l) => l.kind === 'signup' && l.label === 'fraud');
      const summary = {
        seed: o.seed,
        devices: population.devices.length,
        signup_auc: get('signup', 'overall')?.auc ?? null,
        signup_min_scenario_auc: Math.min(...signupFraud.map((l) => l.auc ?? 0)),
        payment_auc: get('payment', 'overall')?.auc ?? null,
        account_takeover_tpr_at_1pct_fpr: get('payment', 'account_takeover')?.tpr1 ?? null,
        honest_at_home_signup_low_risk: get('signup', 'honest_at_home')?.lowShare ?? null,
        honest_at_home_payment_low_risk: get('payment', 'honest_at_home')?.lowShare ?? null,
        signup_unknown_share: get('signup', 'overall')?.unknownShare ?? null,
        payment_unknown_share: get('payment', 'overall')?.unknownShare ?? null,
        scenarios: lines,
      };
      const pass =
        (summary.signup_auc ?? 0) >= TARGETS.signupAuc &&
        summary.signup_min_scenario_auc >= TARGETS.signupScenarioAuc &&
        (summary.account_takeover_tpr_at_1pct_fpr ?? 0) >= TARGETS.takeoverTpr1 &&
        (summary.honest_at_home_signup_low_risk ?? 0) >= TARGETS.honestAtHomeLow;
      process.stdout.write(`${JSON.stringify({ ...summary, targets: TARGETS, pass })}\n`);
      if (!pass) process.exitCode = 1;
    });
}
