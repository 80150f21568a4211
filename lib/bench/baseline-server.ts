// The baseline: a bare Fastify 5 server with the same zod body validation as the risk API and constant replies.
// Run as its own process (`node --import tsx lib/bench/baseline-server.ts`, PORT/HOST from the environment).
import Fastify from 'fastify';
import type { ZodType } from 'zod';
import { SdkEventsRequestSchema } from '../contracts/sdk-events';
import { SignupRequestSchema } from '../contracts/signup';
import { TransactionRequestSchema } from '../contracts/transaction';
import { zodValidatorCompiler } from '../server/request-validation';
import { BASELINE_PATHS } from './bench-endpoints';
import { serveBenchChild } from './serve-bench-child';

/** Same body limit as the risk API (`BODY_LIMIT_BYTES`): a 1,000-event batch must fit. */
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.setValidatorCompiler(zodValidatorCompiler);

function constantRoute(path: string, body: ZodType, reply: unknown): void {
  const text = JSON.stringify(reply);
  app.post(path, { schema: { body } }, async (_request, res) =>
    res.code(200).type('application/json').send(text),
  );
}

constantRoute(BASELINE_PATHS.signup, SignupRequestSchema, {
  id: '00000000-0000-4000-8000-000000000000',
  risk_assessment: 'low_risk',
});
constantRoute(BASELINE_PATHS.payment, TransactionRequestSchema, {
  id: '00000000-0000-4000-8000-000000000000',
  risk_assessment: 'low_risk',
});
// ingestion_50 posts to the same path.
constantRoute(BASELINE_PATHS.ingestion, SdkEventsRequestSchema, {
  accepted: 0,
  rejected: [],
  request_token: 'baseline',
});

await serveBenchChild(app);
