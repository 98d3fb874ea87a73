import { buildApp } from './app.ts';
import { readEnvironment } from './environment.ts';

const environment = readEnvironment(process.env);
const app = buildApp({ logger: true });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: environment.PORT, host: environment.HOST });
