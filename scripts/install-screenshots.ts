/**
 * Makes the install sheet's screenshots (public/screenshots, named in manifest.webmanifest)
 * from the real home screen of the built app, signed in as the demo client. Run on purpose
 * after a visible change to Home: `npm run build && npm run screenshots`.
 */
import { join } from 'node:path';
import { launchChromium, loopbackContext } from '../bench/browser';
import { repoRoot, startBenchServer } from '../bench/serve';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import type { LoginResponse } from '../src/shared/contract';

const SHOTS = [
  { name: 'home-narrow', viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 },
  { name: 'home-wide', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
];

const server = await startBenchServer(join(repoRoot, 'dist'));
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
    const path = join(repoRoot, 'public', 'screenshots', `${shot.name}.png`);
    await page.screenshot({ path });
    console.log(`wrote ${path}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
