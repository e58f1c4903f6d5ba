import { expect, type Locator, type Page } from '@playwright/test';

/** The client home (/client/home) as a client sees it: greeting, balance, plan, services, Recent Tasks. */
export class DashboardPage {
  readonly greeting: Locator;
  readonly bell: Locator;
  readonly balanceCard: Locator;
  readonly planCard: Locator;
  readonly services: Locator;
  readonly recentTasks: Locator;
  readonly taskItems: Locator;

  constructor(readonly page: Page) {
    this.greeting = page.getByRole('heading', { name: /^Welcome, / });
    this.bell = page.getByRole('img', { name: /^Notifications/ });
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

  async taskNames(): Promise<string[]> {
    return this.recentTasks.locator('.dashboard-task-name').allTextContents();
  }
}
