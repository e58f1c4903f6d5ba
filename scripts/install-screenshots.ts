/**
 * Makes the install sheet's screenshots (public/screenshots, named in manifest.webmanifest)
 * from the real home screen of the built app, signed in as the demo client. Run on purpose
 * after a visible change to Home: `npm run build && npm run screenshots`.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, loopbackContext } from '../bench/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import { startServer } from '../server/index';
import type { LoginResponse } from '../src/shared/contract';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHOTS = [
  { name: 'home-narrow', viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 },
  { name: 'home-wide', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
];

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: 'memory://',
  demo: true,
  simulator: false,
  log: false,
  distDir: join(root, 'dist'),
});
const browser = await launchChromium();
try {
  const login = await fetch(new URL('/client/login', server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as LoginResponse).data;

  for (const shot of SHOTS) {
    // No service worker: its first-visit toast would be in the picture.
    const context = await loopbackContext(browser, server.url, {
      viewport: shot.viewport,
      deviceScaleFactor: shot.deviceScaleFactor,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/client/home');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.getByRole('region', { name: 'Recent Tasks' }).getByRole('listitem').first().waitFor();
    const path = join(root, 'public', 'screenshots', `${shot.name}.png`);
    await page.screenshot({ path });
    console.log(`wrote ${path}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
