import { expect, type Locator, type Page } from '@playwright/test';
import { ChatModal } from './chat-modal';

/** The Task Details modal opened with 'View Task' on the dashboard. */
export class TaskDetailsModal {
  readonly dialog: Locator;
  readonly driverMarker: Locator;
  readonly taskMarker: Locator;
  readonly distanceBadge: Locator;
  readonly durationBadge: Locator;
  readonly callDriver: Locator;
  readonly openChatButton: Locator;
  readonly closeButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Task Details' });
    this.driverMarker = this.dialog.getByRole('img', { name: 'Driver location (A)' });
    this.taskMarker = this.dialog.getByRole('img', { name: 'Task location (B)' });
    this.distanceBadge = this.dialog.getByRole('listitem').filter({ hasText: 'Distance' });
    this.durationBadge = this.dialog.getByRole('listitem').filter({ hasText: 'Duration' });
    this.callDriver = this.dialog
      .getByRole('link', { name: 'Call Driver' })
      .or(this.dialog.getByRole('button', { name: 'Call Driver' }));
    this.openChatButton = this.dialog.getByRole('button', { name: 'Open Chat' });
    this.closeButton = this.dialog.getByRole('button', { name: 'Close' });
  }

  /** Whether the marker's pin lies inside the visible map (the map clips what is outside). */
  async isOnMap(marker: Locator): Promise<boolean> {
    const [pin, map] = await Promise.all([
      marker.boundingBox(),
      this.dialog.locator('.route-map-canvas').boundingBox(),
    ]);
    if (!pin || !map) return false;
    return (
      pin.x >= map.x &&
      pin.y >= map.y &&
      pin.x + pin.width <= map.x + map.width &&
      pin.y + pin.height <= map.y + map.height
    );
  }

  async waitForOpen(): Promise<this> {
    await expect(this.dialog).toBeVisible();
    return this;
  }

  /** The value shown after a label (Address, Date, Time, Driver, Phone, Amount). */
  field(label: string): Locator {
    return this.dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  }

  async openChat(): Promise<ChatModal> {
    await this.openChatButton.click();
    await expect(this.dialog).toBeHidden();
    return new ChatModal(this.page).waitForOpen();
  }
}
