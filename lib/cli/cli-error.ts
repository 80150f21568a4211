import { AppError } from '../usecases/app-error';

/**
 * One line for any failure of a command: what went wrong, never a stack trace. An AppError lists its
 * problems (a refused webhook URL says why); anything else gives its message's first line.
 */
export function describeCliError(error: unknown): string {
  if (error instanceof AppError) return error.problems.length > 0 ? error.problems.join('; ') : error.code;
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n').find((line) => line.trim() !== '') ?? '';
  return firstLine.trim() || (error instanceof Error ? error.name : 'unknown error');
}
