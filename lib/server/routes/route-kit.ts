import type { onRequestAsyncHookHandler } from 'fastify';
import type { Scope } from '../../contracts/token';

export type RequireScope = (scope: Scope) => onRequestAsyncHookHandler;

/** `eval=false` in any case (`False`, `FALSE`) skips evaluation (PRODUCT.md item 4). */
export function isFalseFlag(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'false';
}

export function isTrueFlag(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}
