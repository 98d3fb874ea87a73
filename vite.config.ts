import { defineConfig } from 'vitest/config';

/** Root test configuration: one vitest run covers every workspace as its own project. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'editions',
          root: './editions',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'client-core',
          root: './packages/client-core',
          include: ['src/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'demo',
          root: './demo',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './packages/trade-api',
      './widget',
      './host-shop',
      './back-office',
    ],
  },
});
