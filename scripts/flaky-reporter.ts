/**
 * Vitest reporter: names every test that passed only on a retry (CI allows one), so a flaky
 * test is seen and fixed rather than hidden by the retry.
 */
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (diagnostic?.flaky)
      this.flaky.push(`${testCase.module.moduleId} > ${testCase.fullName} (${diagnostic.retryCount} retry)`);
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(`\n${this.flaky.length} flaky test(s), passed only on a retry:`);
    for (const name of this.flaky) console.log(`  FLAKY ${name}`);
  }
}
