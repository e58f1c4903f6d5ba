import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough of the page's accessibility tree to see which screen a failed step met. */
const MAX_CHARS = 6000;

/** The page's accessibility snapshot in an error-context file (its yaml block), if any. */
export function pageSnapshotOf(errorContext: string): string | undefined {
  return /```yaml\n([\s\S]*?)```/.exec(errorContext)?.[1]?.trim() || undefined;
}

/**
 * Prints a failed test's page as it was when it failed (its accessibility snapshot) into the
 * run's output: CI keeps only the output, and a rare failure is otherwise seen blind. The
 * error and the test's source the list reporter prints already.
 */
export default class FailureContextReporter implements Reporter {
  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context' || !attachment.path) continue;
      let snapshot: string | undefined;
      try {
        snapshot = pageSnapshotOf(readFileSync(attachment.path, 'utf8'));
      } catch {
        continue;
      }
      if (!snapshot) continue;
      const shown =
        snapshot.length > MAX_CHARS
          ? `${snapshot.slice(0, MAX_CHARS)}\n[... ${snapshot.length - MAX_CHARS} more characters]`
          : snapshot;
      process.stdout.write(`\n---- the page when '${test.title}' failed ----\n${shown}\n---- end ----\n`);
    }
  }
}
