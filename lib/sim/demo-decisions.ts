import { postJson, type FetchLike } from './post-json';
import type { Random } from './random';

/** A flagged case the demo's analyst may work on, with what it really was. */
export interface DemoCase {
  kind: 'signups' | 'payments';
  id: string;
  label: 'fraud' | 'honest';
  /** When it was flagged (epoch ms); analysts get to it some hours later. */
  at: number;
}

const VERDICTS = {
  signups: {
    fraud: { verdict: 'fraud', event: 'identity_fraud' },
    honest: { verdict: 'legit', event: 'signup_accepted' },
  },
  payments: {
    fraud: { verdict: 'decline', event: 'payment_declined_by_manual_review' },
    honest: { verdict: 'approve', event: 'payment_accepted' },
  },
} as const;

const COMMENTS = {
  fraud: [
    'Device never near the declared address.',
    'Same device as a confirmed fraud case.',
    'Location history does not match.',
  ],
  honest: [
    'Nights at the address; customer verified.',
    'Known device of the account.',
    'Travelling; confirmed by phone.',
  ],
};

/**
 * The demo's analyst working the queue through the console API once a simulated day: about half of the
 * flagged cases get a decision (right nine times out of ten), some are claimed and left in review, the
 * rest stay open — so the console shows decided and undecided cases, and the overview real precision.
 */
export function makeDemoAnalyst(deps: {
  baseUrl: string;
  fetch: FetchLike;
  user: { email: string; password: string };
  random: Random;
}) {
  const waiting: DemoCase[] = [];
  const done = { decided: 0, claimed: 0 };

  async function session(): Promise<string | null> {
    const reply = await postJson(deps.fetch, `${deps.baseUrl}/api/console/v1/session`, deps.user, {});
    const token = (reply.body as { token?: unknown } | null)?.token;
    return typeof token === 'string' ? token : null;
  }

  return {
    flagged(c: DemoCase) {
      waiting.push(c);
    },

    /** Works every case flagged before `ripe` (one sign-in per shift). */
    async shift(ripe: number): Promise<void> {
      const due = waiting.filter((c) => c.at <= ripe);
      if (due.length === 0) return;
      waiting.splice(0, waiting.length, ...waiting.filter((c) => c.at > ripe));
      const token = await session();
      if (!token) return;
      const headers = { authorization: `Bearer ${token}` };
      for (const c of due) {
        const roll = deps.random.next();
        const base = `${deps.baseUrl}/api/console/v1/${c.kind}/${c.id}`;
        if (roll < 0.5) {
          const truth = deps.random.chance(0.9) ? c.label : c.label === 'fraud' ? 'honest' : 'fraud';
          const decision = { ...VERDICTS[c.kind][truth], comment: deps.random.pick(COMMENTS[truth]) };
          const reply = await postJson(deps.fetch, `${base}/decision`, decision, headers);
          if (reply.status === 200) done.decided++;
        } else if (roll < 0.65) {
          const reply = await postJson(deps.fetch, `${base}/claim`, {}, headers);
          if (reply.status === 200) done.claimed++;
        }
      }
    },

    summary: () => ({ ...done, open: waiting.length }),
  };
}
