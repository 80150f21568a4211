import type { Command } from 'commander';
import { PAYMENT_MODEL, SIGNUP_MODEL } from '../../domain/model/trained-models';
import { writeRiskDoc } from '../../eval/risk-doc';
import { evaluationReport, runEvaluation } from '../../eval/run-evaluation';
import { evaluateTrajectories } from '../../eval/trajectories/evaluate-trajectories';
import {
  DEFAULT_JOBS,
  DEFAULT_WORLD_DEVICES,
  WORLD_EVAL_SEED,
  WORLD_NOW,
  WORLD_TRAIN_SEED,
} from '../../eval/world-config';
import { WORLDS } from '../../sim/world/worlds';

interface EvalOptions {
  jobs: number;
  trajectories?: string;
  minIntervalS: number;
  devices: number;
  large: boolean;
  seed: string;
  worlds: string;
  docs: string | false;
}

/**
 * `locus eval` (npm run eval) — every world of the simulator assessed through the real use-cases, scored
 * by the committed models (the held-out worlds never trained on are the headline) and by models refitted
 * without each world in turn; the tables go to stdout and into docs/RISK.md, one JSON line last. Exits 1
 * when the held-out worlds miss the targets. With `--trajectories <dir>`, real trajectories the
 * user has (GeoLife .plt or CSV) are scored instead; nothing is downloaded.
 */
export function register(program: Command): void {
  program
    .command('eval')
    .description('evaluate the risk engine on simulated worlds it never trained on (leave one world out)')
    .option(
      '--devices <n>',
      'installations per world (the trajectory world gets half)',
      (v) => Number(v),
      DEFAULT_WORLD_DEVICES,
    )
    .option('--large', 'a larger run: 4× the installations per world', false)
    .option('--seed <seed>', 'population seed (must differ from the training seed)', WORLD_EVAL_SEED)
    .option('--worlds <names>', 'comma-separated worlds (default: all)', WORLDS.map((w) => w.name).join(','))
    .option('--docs <file>', 'Markdown file whose evaluation section is rewritten', 'docs/RISK.md')
    .option('--no-docs', 'do not rewrite docs/RISK.md')
    .option('--jobs <n>', 'worlds assessed at once, in worker threads', (v) => Number(v), DEFAULT_JOBS)
    .option('--trajectories <dir>', 'score real trajectories instead (GeoLife .plt or CSV files under dir)')
    .option(
      '--min-interval-s <s>',
      'with --trajectories: keep a fix only every s seconds',
      (v) => Number(v),
      0,
    )
    .action(async (o: EvalOptions) => {
      if (o.seed === WORLD_TRAIN_SEED) throw new Error('the eval seed must not be the training seed');
      const started = Date.now();
      const log = (line: string) => process.stderr.write(`${line}\n`);
      if (o.trajectories) {
        const options = { now: WORLD_NOW, seed: o.seed, minIntervalS: o.minIntervalS };
        const result = await evaluateTrajectories(o.trajectories, options, log);
        process.stdout.write(
          `${result.markdown}\n\n${JSON.stringify({ people: result.people, ...result.headline })}\n`,
        );
        return;
      }
      const options = {
        seed: o.seed,
        devices: o.large ? o.devices * 4 : o.devices,
        jobs: o.jobs,
        worlds: o.worlds
          .split(',')
          .map((w) => w.trim())
          .filter(Boolean),
      };
      log(
        `eval: models ${SIGNUP_MODEL.version} / ${PAYMENT_MODEL.version}, worlds ${options.worlds.join(', ')}`,
      );
      const run = await runEvaluation(options, log);
      const { markdown, summary } = evaluationReport(run, options);
      process.stdout.write(`${markdown}\n\n`);
      if (o.docs) {
        await writeRiskDoc(o.docs, markdown);
        log(`eval: wrote the evaluation section of ${o.docs}`);
      }
      const cpu = process.cpuUsage();
      log(
        `eval: done in ${Math.round((Date.now() - started) / 1000)} s (CPU ${Math.round((cpu.user + cpu.system) / 1e6)} s)`,
      );
      process.stdout.write(`${JSON.stringify({ seed: o.seed, ...summary })}\n`);
      if (!summary.pass) process.exitCode = 1;
    });
}
