import type { ZodType } from 'zod';
import type { PublicRoute, Shape } from './public-routes';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  retryAfter: string | undefined;
}

/** Null when the answer has one of the route's spec shapes for its status, else what is wrong with it. */
export function wrongShape(route: PublicRoute, answer: Answer): string | null {
  if (answer.status >= 500) return `${answer.status}`;
  const shape = route.responses[answer.status];
  if (!shape) return `${answer.status} is not an answer of this route`;
  if ((answer.status === 429 || answer.status === 503) && !answer.retryAfter)
    return `${answer.status} without Retry-After`;
  return bodyProblem(shape, answer);
}

function bodyProblem(shape: Shape, answer: Answer): string | null {
  switch (shape) {
    case 'empty':
      return answer.body === '' ? null : `${answer.status} should be empty`;
    case 'text':
      return answer.contentType.startsWith('text/plain') && answer.body.length > 0
        ? null
        : `${answer.status} should be a text message`;
    case 'errors':
      return errorsProblem(answer);
    case 'empty-or-errors':
      return answer.body === '' ? null : errorsProblem(answer);
    default:
      return jsonProblem(shape, answer);
  }
}

function errorsProblem(answer: Answer): string | null {
  const parsed = parseJson(answer.body);
  const errors = (parsed as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof e === 'string')
    ? null
    : `${answer.status} should be {errors: [string, …]}`;
}

function jsonProblem(schema: ZodType, answer: Answer): string | null {
  const parsed = parseJson(answer.body);
  const result = schema.safeParse(parsed);
  return result.success ? null : `${answer.status} body off its schema: ${result.error.issues[0]?.message}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
