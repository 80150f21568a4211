import { describe, expect, it } from 'vitest';
import { poolSizePerProcess } from '../../../lib/runtime/api-cluster';

describe('poolSizePerProcess', () => {
  it('shares 20 connections among the API processes, 10 at most and 2 at least each', () => {
    expect(poolSizePerProcess({}, 1)).toBe(10);
    expect(poolSizePerProcess({}, 2)).toBe(10);
    expect(poolSizePerProcess({}, 4)).toBe(5);
    expect(poolSizePerProcess({}, 16)).toBe(2);
  });

  it('takes DATABASE_POOL_SIZE as given and refuses what is not a positive integer', () => {
    expect(poolSizePerProcess({ DATABASE_POOL_SIZE: '4' }, 16)).toBe(4);
    expect(() => poolSizePerProcess({ DATABASE_POOL_SIZE: '0' }, 1)).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => poolSizePerProcess({ DATABASE_POOL_SIZE: 'many' }, 1)).toThrow(/DATABASE_POOL_SIZE/);
  });
});
