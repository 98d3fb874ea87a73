// Browser tests of the BUILT element (dist/tradein-widget.js, minified, Preact inside) in
// Debian's Chromium. Run `npm run build` first; `npm test` does.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromeLauncher } from '@web/test-runner-chrome';
import { tradeApiServer } from './test/browser/trade-api-server.mjs';

const tradeApi = tradeApiServer();

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const bundle = new URL('dist/tradein-widget.js', import.meta.url);
if (!existsSync(bundle)) {
  throw new Error(
    'widget/dist/tradein-widget.js is missing: run `npm run build -w @tradein/widget`',
  );
}

/** @public (read by web-test-runner) */
export default {
  rootDir: repositoryRoot,
  files: [fileURLToPath(new URL('test/browser/**/*.test.js', import.meta.url))],
  nodeResolve: false,
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  // Partners load the classic script in <head>, before any element: so do the tests.
  plugins: [tradeApi.plugin],
  // Tests read the real trade API's origin from <meta name="trade-api">, for the api-base attribute.
  testRunnerHtml: (testFramework) => `<!doctype html>
<html>
  <head>
    <meta name="trade-api" content="${tradeApi.origin()}">
    <script src="/widget/dist/tradein-widget.js"></script>
    <script src="/node_modules/axe-core/axe.min.js"></script>
  </head>
  <body>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  middleware: [
    // The demo pages use the shop host's paths (/widget/…); map them onto the build output.
    function widgetPaths(context, next) {
      if (/^\/widget\/(tradein-widget[.-]|chunks\/)/.test(context.path)) {
        context.url = context.url.replace('/widget/', '/widget/dist/');
      }
      return next();
    },
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--headless=new',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
};
