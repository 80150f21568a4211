import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, `Tests: N passed, N failed, N skipped`, that any CI can read
 * without knowing vitest's own summary format.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const count = (state: 'passed' | 'failed' | 'skipped') =>
      testModules.reduce((n, m) => n + [...m.children.allTests(state)].length, 0);
    // A file that failed before collecting any test (an import error) counts as one failure.
    const failedModules = testModules.filter(
      (m) => m.state() === 'failed' && [...m.children.allTests()].length === 0,
    ).length;
    console.log(
      `\nTests: ${count('passed')} passed, ${count('failed') + failedModules} failed, ${count('skipped')} skipped`,
    );
  }
}
