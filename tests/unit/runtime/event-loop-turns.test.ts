import { describe, expect, it } from 'vitest';
import { makeEventLoopTurns } from '../../../lib/runtime/event-loop-turns';

/** Resolves after `n` check phases: the turns grant at most one waiter in each. */
const checkPhases = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('event-loop turns', () => {
  it('grant one waiter per turn, requests before background work that waited less long', async () => {
    const turns = makeEventLoopTurns({ now: () => 0 });
    const order: string[] = [];
    const waits = [
      turns.background().then(() => order.push('job 1')),
      turns.request().then(() => order.push('request 1')),
      turns.background().then(() => order.push('job 2')),
      turns.request().then(() => order.push('request 2')),
    ];
    await checkPhases(1);
    expect(order).toEqual(['request 1']);
    await Promise.all(waits);
    expect(order).toEqual(['request 1', 'request 2', 'job 1', 'job 2']);
  });

  it('give background work a turn once it has waited the longest it may, however many requests wait', async () => {
    let now = 0;
    const turns = makeEventLoopTurns({ now: () => now, backgroundMaxWaitMs: 100 });
    const order: string[] = [];
    const job = turns.background().then(() => order.push('job'));
    const requests = Array.from({ length: 5 }, (_, i) =>
      turns.request().then(() => order.push(`request ${i}`)),
    );
    await checkPhases(2);
    expect(order).toEqual(['request 0', 'request 1']);
    now = 100;
    await checkPhases(1);
    expect(order).toEqual(['request 0', 'request 1', 'job']);
    await Promise.all([job, ...requests]);
    expect(order.slice(3)).toEqual(['request 2', 'request 3', 'request 4']);
  });

  it('serve a lone background waiter at once, and keep granting waiters that come later', async () => {
    const turns = makeEventLoopTurns({ now: () => 0 });
    let granted = 0;
    await turns.background().then(() => (granted += 1));
    await turns.request().then(() => (granted += 1));
    await Promise.all([turns.background(), turns.background()]).then(() => (granted += 2));
    expect(granted).toBe(4);
  });
});
