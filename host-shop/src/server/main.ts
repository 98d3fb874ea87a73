import { fileURLToPath } from 'node:url';
import { openTradeApi, readTradeApiConfig } from '@tradein/trade-api';
import { buildApp } from './app.ts';
import { readEnvironment } from './environment.ts';

// src/server/main.ts and the bundled dist/server/main.js sit at the same depth in host-shop/.
const defaultDataDir = fileURLToPath(new URL('../../../data/', import.meta.url));

const environment = readEnvironment(process.env);
const tradeApiConfig = readTradeApiConfig({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR || defaultDataDir,
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || `http://localhost:${environment.PORT}`,
});
const tradeApi = await openTradeApi(tradeApiConfig);
const app = buildApp({ logger: true, tradeApi: tradeApi.options });
app.addHook('onClose', () => tradeApi.close());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: environment.PORT, host: environment.HOST });
