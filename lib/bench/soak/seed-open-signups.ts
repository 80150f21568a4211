import { Pool } from 'undici';
import { progressReporter } from '../../sim/progress-reporter';
import { createRandom } from '../../sim/random';
import { runBounded } from '../../sim/run-bounded';
import { benchInstallation, signupBody } from '../bench-dataset';

/** Share of signups that declare their coordinates at home (the bench's signup load has the same). */
export const NEAR_SHARE = 0.7;

/** One signup for each of the first `count` seeded installations, through the API; fails on any refusal. */
export async function seedOpenSignups(
  url: string,
  accessToken: string,
  options: { count: number; concurrency: number; label: string },
): Promise<{ seconds: number }> {
  const pool = new Pool(url, { connections: options.concurrency, pipelining: 1 });
  const random = createRandom('soak-seed-signups');
  const report = progressReporter(`seeding open signups ${options.label}`, options.count, (line) =>
    process.stderr.write(`${line}\n`),
  );
  const started = Date.now();
  try {
    await runBounded(
      Array.from({ length: options.count }, (_, i) => i),
      options.concurrency,
      async (index) => {
        const body = signupBody(random, benchInstallation(index), !random.chance(NEAR_SHARE));
        const reply = await pool.request({
          method: 'POST',
          path: '/api/v2/onboarding/signups',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify(body),
        });
        const text = await reply.body.text();
        if (reply.statusCode !== 200)
          throw new Error(`seeding signup ${index}: ${reply.statusCode} ${text.slice(0, 200)}`);
      },
      report,
    );
  } finally {
    await pool.close();
  }
  return { seconds: (Date.now() - started) / 1000 };
}
