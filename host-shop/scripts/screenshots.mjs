// Screenshots of the shop for the README: the home page at 1280 px and a product page at 360 px,
// from the built server (run `npm run build` first) in the system Chromium.
//
//   npm run build && npm run screenshots -w @tradein/host-shop   (CHROME_PATH overrides the path)
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from 'puppeteer-core';
import { startBuiltServer } from '../../scripts/built-server.mjs';

const folder = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

const shots = [
  { file: 'home-1280.png', path: '/', width: 1280, height: 900 },
  {
    file: 'product-360.png',
    path: '/produkte/apple-iphone-13-128-gb',
    width: 360,
    height: 780,
  },
];

const server = await startBuiltServer({ dataDirPrefix: 'tradein-screenshots-' });
const browser = await launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  mkdirSync(folder, { recursive: true });
  for (const shot of shots) {
    const page = await browser.newPage();
    await page.setViewport({ width: shot.width, height: shot.height, deviceScaleFactor: 1 });
    await page.goto(`${server.origin}${shot.path}`, { waitUntil: 'networkidle0' });
    // The widget fills in its step after the page appeared.
    await page.waitForFunction(
      () => document.querySelector('tradein-widget')?.shadowRoot?.querySelector('h2, input'),
      { timeout: 15_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.screenshot({ path: `${folder}${shot.file}` });
    console.info(`wrote docs/screenshots/${shot.file}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
