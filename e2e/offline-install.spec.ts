/**
 * Installability, as Lighthouse and Chromium check it: a valid manifest (name, short name,
 * start URL in scope, standalone display, colours, 192 and 512 icons plus maskable ones of
 * the sizes they claim, narrow and wide screenshots, shortcuts), a service worker with a
 * fetch handler controlling the page, a start URL that answers offline, and no installability
 * errors from Chromium itself (CDP Page.getInstallabilityErrors). Then the app's own install
 * prompts: the button on beforeinstallprompt and the iOS Safari instructions.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage } from './page-models/login-page';
import { storeToken } from './support/demo-client';
import { goOffline, waitForServiceWorker } from './support/network';
import { signUpNewClient } from './support/new-client';

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestImage[];
  screenshots: ManifestImage[];
  shortcuts: Array<{ name: string; url: string; icons?: ManifestImage[] }>;
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function expectImage(request: APIRequestContext, image: ManifestImage): Promise<void> {
  const answer = await request.get(image.src);
  expect(answer.status(), image.src).toBe(200);
  expect(answer.headers()['content-type'], image.src).toContain(image.type);
  if (image.type === 'image/png') expect(pngSize(await answer.body()), image.src).toBe(image.sizes);
}

async function manifestOf(page: Page, request: APIRequestContext): Promise<Manifest> {
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const answer = await request.get(href!);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Manifest;
}

test.describe('installable', () => {
  test('the manifest has every field an install needs, and its icons and screenshots exist at the sizes they claim', async ({
    page,
    request,
  }) => {
    await new LoginPage(page).goto('/');
    const manifest = await manifestOf(page, request);
    expect(manifest).toMatchObject({
      name: 'GreenPick',
      short_name: 'GreenPick',
      start_url: '/client/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#15803d',
      background_color: '#f6faf7',
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);

    const icon = (size: string, purpose: string) =>
      manifest.icons.find(
        (candidate) => candidate.sizes === size && (candidate.purpose ?? 'any').split(' ').includes(purpose),
      );
    for (const size of ['192x192', '512x512']) {
      expect(icon(size, 'any'), `${size} icon`).toBeTruthy();
      expect(icon(size, 'maskable'), `${size} maskable icon`).toBeTruthy();
    }
    for (const image of manifest.icons) await expectImage(request, image);

    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      expect(shot.label).toBeTruthy();
      await expectImage(request, shot);
    }

    expect(manifest.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
      { name: 'Book a pickup', url: '/client/create' },
      { name: 'My tasks', url: '/client/history' },
    ]);
    for (const shortcut of manifest.shortcuts)
      for (const image of shortcut.icons ?? []) await expectImage(request, image);
  });

  test('Chromium finds no installability errors; a service worker with a fetch handler controls the page; the start URL answers offline', async ({
    playwright,
    baseURL,
    request,
  }, testInfo) => {
    // Chromium never offers installing in an incognito profile (every Playwright context is one): a real profile here.
    const userDataDir = await mkdtemp(join(tmpdir(), 'greenpick-install-'));
    const context = await playwright.chromium.launchPersistentContext(userDataDir, {
      ...testInfo.project.use.launchOptions,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await new LoginPage(page).goto('/');
      await waitForServiceWorker(page);

      const cdp = await context.newCDPSession(page);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(errors).toEqual([]);

      const worker = await request.get('/sw.js');
      expect(worker.status()).toBe(200);
      expect(await worker.text()).toMatch(/addEventListener\(\s*[`"']fetch[`"']/);

      const manifest = await manifestOf(page, request);
      await goOffline(page);
      const startPage = await context.newPage();
      const answer = await startPage.goto(manifest.start_url);
      expect(answer?.status()).toBe(200);
      // Signed out, the start URL leads to the login screen: the app itself opened without network.
      await new LoginPage(startPage).expectShown();
    } finally {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    }
  });
});

test.describe('install prompts', () => {
  const offerInstalling = (page: Page) =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
        prompt(): Promise<void>;
        userChoice: Promise<{ outcome: string }>;
      };
      (window as unknown as { prompted: number }).prompted = 0;
      event.prompt = async () => {
        (window as unknown as { prompted: number }).prompted += 1;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });

  test("'Install app' appears on signed-in pages when the browser offers installing, in the page's flow, shows the browser's sheet, then goes", async ({
    page,
    request,
  }) => {
    await new LoginPage(page).goto('/');
    const install = page.getByRole('region', { name: 'Install the app' });
    // Chromium fires beforeinstallprompt only after user engagement heuristics; the test plays the browser.
    await offerInstalling(page);
    // Never on the signed-out screens.
    await new LoginPage(page).expectShown();
    await expect(install).toHaveCount(0);

    await storeToken(page, (await signUpNewClient(request)).token);
    await page.goto('/client/home');
    // The card ends the page: the screen above it settles first (its reads answered, and read
    // again once the service worker controls the page). Content arriving between the click's
    // press and release moved the card under the pointer, and the click was lost (its release
    // fell on another element).
    await waitForServiceWorker(page);
    // The first install's 'Ready to work offline' (told before the worker takes control) has gone too.
    await expect(page.getByText('Ready to work offline')).toHaveCount(0);
    await expect(page.getByText('No recent tasks found')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Our Services' }).getByRole('listitem')).toHaveCount(6);
    await offerInstalling(page);
    await expect(install.getByRole('button', { name: 'Install app' })).toBeVisible();
    // In the page's flow, after the screen: it covers no form and no button.
    await expect(page.getByRole('main').getByRole('region', { name: 'Install the app' })).toBeVisible();
    expect(await install.evaluate((card) => getComputedStyle(card).position)).toBe('static');
    await install.getByRole('button', { name: 'Install app' }).click();
    await expect(install).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
  });

  test.describe('on iOS Safari', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
    });

    test("short 'Add to Home Screen' instructions on signed-in pages, which 'Got it' hides for good", async ({
      page,
      request,
    }) => {
      await new LoginPage(page).goto('/');
      const install = page.getByRole('region', { name: 'Install the app' });
      await expect(install).toHaveCount(0);
      await storeToken(page, (await signUpNewClient(request)).token);
      await page.goto('/client/home');
      await expect(install).toContainText('tap Share, then Add to Home Screen');
      await install.getByRole('button', { name: 'Got it' }).click();
      await expect(install).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(install).toHaveCount(0);
    });
  });
});
