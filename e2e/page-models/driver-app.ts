import { expect, type Locator, type Page } from '@playwright/test';

/** The driver's app (/driver/) in the driver's own browser context. */
export class DriverApp {
  readonly offer: Locator;
  readonly availability: Locator;

  constructor(readonly page: Page) {
    this.offer = page.getByRole('dialog', { name: 'New pickup' });
    // The switch says its action ('Go online' / 'Go offline'); the state is the line beside it.
    this.availability = page.getByRole('button', { name: /^Go (online|offline)$/ });
  }

  /** Signs in with the one-time password (the fallback under the code sign-in), then chooses `newPassword`. */
  async signIn(phone: string, oneTimePassword: string, newPassword: string): Promise<void> {
    await this.page.goto('/driver/login');
    const fallback = this.page.locator('details.driver-fallback');
    await fallback.getByText('Sign in with a password instead').click();
    await fallback.getByLabel('Phone number').fill(phone);
    await fallback.getByLabel('Password').fill(oneTimePassword);
    await fallback.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await this.page.getByLabel('New password', { exact: true }).fill(newPassword);
    await this.page.getByLabel('New password again').fill(newPassword);
    await this.page.getByRole('button', { name: 'Save password' }).click();
    await expect(this.page.getByRole('heading', { name: "Today's tasks" })).toBeVisible();
  }

  /** Signs in by the code sent to the phone: `code` reads it from what the phone received. */
  async signInByCode(phone: string, code: () => Promise<string>): Promise<void> {
    await this.page.goto('/driver/login');
    const form = this.page.getByRole('form', { name: 'Sign in with a code' });
    await form.getByLabel('Phone number').fill(phone);
    await form.getByRole('button', { name: 'Send me a code' }).click();
    await form.getByLabel('Code from the SMS').fill(await code());
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByRole('heading', { name: "Today's tasks" })).toBeVisible();
  }

  async goOnline(): Promise<void> {
    await expect(this.availability).toHaveText('Go online');
    await this.switchAndWaitForServer(true);
    await expect(this.availability).toHaveText('Go offline');
    await expect(this.page.getByTestId('availability-state')).toHaveText('Online');
  }

  /** Stops taking offers (at the end of a journey: the server is shared with other journeys). */
  async goOffline(): Promise<void> {
    await expect(this.availability).toHaveText('Go offline');
    await this.switchAndWaitForServer(false);
    await expect(this.availability).toHaveText('Go online');
  }

  /**
   * Turns the switch and waits until the server has it: the phone shows the new state at once
   * and sends it through its queue, and a context closed before then would leave the driver
   * online for other journeys' offers.
   */
  private async switchAndWaitForServer(online: boolean): Promise<void> {
    const told = this.page.waitForResponse(
      async (response) =>
        response.url().endsWith('/driver/availability') &&
        response.request().method() === 'POST' &&
        response.ok() &&
        ((await response.json()) as { data: { online: boolean } }).data.online === online,
    );
    await this.availability.click();
    await told;
  }

  /** Waits for the offer of task `taskId` and declines it: the card goes, and that task is not offered to this driver again. */
  async declineOffer(taskId: string): Promise<void> {
    await expect(this.offer).toBeVisible({ timeout: 60_000 });
    await expect(this.offer).toHaveAttribute('data-task-id', taskId);
    await this.offer.getByRole('button', { name: 'Decline' }).click();
    await expect(this.page.locator(`[data-task-id="${taskId}"]`)).toBeHidden();
  }

  /**
   * Waits for the offer of task `taskId` (on the journey's own server, e2e/support/own-server.ts,
   * no task of another journey is offered first) and accepts it. The bound allows a dispatch round (5 s), the
   * app's offer poll (4 s) and a busy machine.
   */
  async acceptOffer(taskId: string, address: string | RegExp, beforeAccepting?: () => Promise<void>): Promise<void> {
    await expect(this.offer).toBeVisible({ timeout: 60_000 });
    await expect(this.offer).toHaveAttribute('data-task-id', taskId);
    await expect(this.offer.getByTestId('offer-address')).toHaveText(address);
    await expect(this.offer.getByTestId('offer-seconds')).toHaveText(/^([1-9]|[12]\d|30)$/);
    await beforeAccepting?.();
    await this.offer.getByRole('button', { name: 'Accept' }).click();
    await expect(this.offer).toBeHidden();
  }

  async waitForWorker(): Promise<void> {
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}
