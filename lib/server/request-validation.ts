import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType, core } from 'zod';

const INSTALLATION_FIELDS = new Set<PropertyKey | undefined>(['installation_id', 'request_token']);

/** A request that failed its zod schema; the error handler turns it into the spec's 400 shapes. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly part: string,
    readonly issues: readonly core.$ZodIssue[],
  ) {
    super(`invalid ${part}`);
    this.name = 'RequestValidationError';
  }

  /** One human-readable string per problem: `field.path: message`. */
  problems(): string[] {
    return this.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : this.part}: ${i.message}`);
  }

  /** True when a problem is with how the request names its installation (`installation_id`, `request_token`). */
  touchesInstallation(): boolean {
    return this.part === 'body' && this.issues.some((i) => INSTALLATION_FIELDS.has(i.path[0]));
  }
}

/** Validates with the route's zod schema and hands the parsed (defaulted, transformed) value on. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(httpPart ?? 'body', result.error.issues) };
  };
