import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The client home (/client/home) as a client sees it: greeting, the bell and its list, balance,
 * plan, paid bookings not confirmed yet, services, Recent Tasks.
 */
export class DashboardPage {
  readonly greeting: Locator;
  readonly bell: Locator;
  readonly notificationDot: Locator;
  readonly notifications: Locator;
  readonly notificationItems: Locator;
  readonly taskUpdates: Locator;
  readonly pendingBookings: Locator;
  readonly balanceCard: Locator;
  readonly planCard: Locator;
  readonly services: Locator;
  readonly recentTasks: Locator;
  readonly taskItems: Locator;

  constructor(readonly page: Page) {
    this.greeting = page.getByRole('heading', { name: /^Welcome, / });
    this.bell = page.getByRole('button', { name: /^Notifications/ });
    this.notificationDot = page.getByTestId('notification-dot');
    this.notifications = page.getByRole('region', { name: 'Notifications', exact: true });
    this.notificationItems = this.notifications.getByRole('listitem');
    // The live region that tells status changes (screen readers hear it; the toast shows it).
    this.taskUpdates = page.getByTestId('task-updates');
    this.pendingBookings = page.getByRole('region', { name: 'Paid bookings' });
    this.balanceCard = page.locator('.dashboard-balance');
    this.planCard = page.locator('.dashboard-plan');
    this.services = page.getByRole('region', { name: 'Our Services' });
    this.recentTasks = page.getByRole('region', { name: 'Recent Tasks' });
    this.taskItems = this.recentTasks.getByRole('listitem');
  }

  async goto(path: '/client/home' | '/client' = '/client/home'): Promise<this> {
    await this.page.goto(path);
    await expect(this.greeting).toBeVisible();
    return this;
  }

  service(name: string): Locator {
    return this.services.getByRole('button', { name });
  }

  task(index: number): Locator {
    return this.taskItems.nth(index);
  }

  /** A Recent Tasks card by its payment reference. */
  taskByReference(reference: string): Locator {
    return this.recentTasks.locator(`li[data-reference="${reference}"]`);
  }

  /** A card of a paid booking the server has not confirmed yet (or refused). */
  pendingBooking(reference: string): Locator {
    return this.pendingBookings.locator(`li[data-reference="${reference}"]`);
  }

  /** Opens the bell's list and waits for it to show its events (or that there are none). */
  async openNotifications(): Promise<Locator> {
    await this.bell.click();
    await expect(this.notifications).toBeVisible();
    await expect(this.notifications.getByText('Loading notifications...')).toHaveCount(0);
    return this.notifications;
  }

  async taskNames(): Promise<string[]> {
    return this.recentTasks.locator('.dashboard-task-name').allTextContents();
  }
}
