/**
 * The task page scrolls once (issue 48): on a 375x667 and a 320x568 phone, its body is the one
 * element that scrolls; scrolled to the end, the title and close have not moved and the last
 * line sits at the bottom of the window, with no blank space under it.
 */
import { expect, test, type Page } from '@playwright/test';
import { atEachWidth } from './support/at-each-width';
import { createAssignedTask } from './support/assigned-task';
import { signInWithToken } from './support/demo-client';
import { PHONES, shot } from './support/viewports';

/** Every element that can scroll now (its content taller than itself and scrolling allowed), the page's too. */
const scrollers = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    const found: string[] = root.scrollHeight > root.clientHeight ? ['the page'] : [];
    for (const element of document.querySelectorAll('*')) {
      if (element === root || element.scrollHeight <= element.clientHeight) continue;
      if (/auto|scroll/.test(getComputedStyle(element).overflowY))
        found.push(`${element.tagName}.${element.className}`);
    }
    return found;
  });

test('the task page scrolls once: the title and close stay put, the end meets the bottom (375x667, 320x568)', async ({
  page,
  request,
}) => {
  await atEachWidth(page, PHONES, async (viewport) => {
    const assigned = await createAssignedTask(request);
    await signInWithToken(page, assigned.client.token);
    await page.goto(`/client/tasks/${assigned.task._id}`);
    const details = page.getByRole('dialog', { name: 'Task Details' });
    await expect(details.getByRole('region', { name: 'Who is coming' })).toBeVisible();
    const body = details.locator('.modal-body');
    const title = details.getByRole('heading', { name: 'Task Details' });
    const close = details.getByRole('button', { name: 'Close' });
    // Its map's place is kept while the map loads, so the length below is the final one.
    await expect(details.getByText('Get help')).toBeVisible();

    expect(await scrollers(page), 'one scroller: the body of the task page').toEqual(['DIV.modal-body']);
    const titleBefore = (await title.boundingBox())!;
    const closeBefore = (await close.boundingBox())!;
    await shot(page, `task-page-top-${viewport.width}`);

    // Scrolled to the end as a finger or wheel would, over the middle of the page.
    const bodyBox = (await body.boundingBox())!;
    await page.mouse.move(bodyBox.x + bodyBox.width / 2, bodyBox.y + bodyBox.height / 2);
    const atEnd = () =>
      body.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1);
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 600);
        return atEnd();
      })
      .toBe(true);

    expect(await title.boundingBox(), 'the title has not moved').toEqual(titleBefore);
    expect(await close.boundingBox(), 'the close button has not moved').toEqual(closeBefore);
    expect(titleBefore.y, 'the title is at the top, on screen').toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollY), 'the page behind did not scroll').toBe(0);
    expect(await details.evaluate((element) => element.scrollTop), 'the dialog itself did not scroll').toBe(0);

    // The last line meets the bottom of the window: only the body's own padding under it.
    const end = await body.evaluate((element) => {
      const last = element.lastElementChild!.getBoundingClientRect();
      const padding = Number.parseFloat(getComputedStyle(element).paddingBottom);
      return { lastBottom: last.bottom, padding, bodyBottom: element.getBoundingClientRect().bottom };
    });
    expect(end.bodyBottom, 'the page reaches the bottom of the window').toBeCloseTo(viewport.height, 0);
    expect(
      Math.abs(end.lastBottom + end.padding - viewport.height),
      'no blank space under the last line',
    ).toBeLessThanOrEqual(2);
    expect(end.padding, 'the padding under the last line is a margin, not a gap').toBeLessThanOrEqual(24);
    // Scrolling on past the end opens nothing: no bounce, and nothing else scrolls instead.
    expect(await body.evaluate((element) => getComputedStyle(element).overscrollBehaviorY)).toBe('none');
    await page.mouse.wheel(0, 600);
    expect(await title.boundingBox()).toEqual(titleBefore);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await scrollers(page)).toEqual(['DIV.modal-body']);
    await shot(page, `task-page-end-${viewport.width}`);
  });
});
