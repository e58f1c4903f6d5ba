/**
 * No retries, in vitest or Playwright, locally or in CI: a test that fails once is a defect to
 * fix (docs/architecture.md, 'Tests that hold on a busy machine'), and a retry would hide it.
 */
import { describe, expect, it } from 'vitest';
import playwrightConfig from '../../playwright.config';

describe('the test runners retry nothing', () => {
  it('vitest: this very test runs with retry 0', ({ task }) => {
    expect(task.retry ?? 0).toBe(0);
  });

  it('Playwright: retries 0', () => {
    expect(playwrightConfig.retries).toBe(0);
  });
});
