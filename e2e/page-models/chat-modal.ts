import { expect, type Locator, type Page } from '@playwright/test';

/** The Chat with Driver modal. */
export class ChatModal {
  readonly dialog: Locator;
  readonly messages: Locator;
  readonly input: Locator;
  readonly sendButton: Locator;
  readonly closeButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^Chat with / });
    this.messages = this.dialog.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    this.input = this.dialog.getByPlaceholder('Type your message...');
    this.sendButton = this.dialog.getByRole('button', { name: 'Send' });
    this.closeButton = this.dialog.getByRole('button', { name: 'Close' });
  }

  async waitForOpen(): Promise<this> {
    await expect(this.dialog).toBeVisible();
    return this;
  }

  async send(text: string): Promise<void> {
    await this.input.fill(text);
    await this.sendButton.click();
  }

  /** One message by its text. */
  message(text: string): Locator {
    return this.messages.filter({ has: this.page.locator('.chat-bubble', { hasText: text }) });
  }

  /** The texts of the bubbles, in the order shown. */
  async texts(): Promise<string[]> {
    return this.dialog.locator('.chat-bubble').allTextContents();
  }
}
