import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** `dependencies` of a workspace package.json, by path relative to this file. */
function dependenciesOf(relativePath: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(new URL(relativePath, import.meta.url), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return manifest.dependencies ?? {};
}

describe('the shop server bundle', () => {
  // The bundle carries the trade API's sources (workspace packages ship TypeScript), but its
  // npm imports stay external and resolve from host-shop/: from whatever version npm hoisted
  // for another package, or from nothing at all in a production install (`--omit=dev`).
  it("declares each npm dependency of the trade API it bundles, at the trade API's range", () => {
    const shop = dependenciesOf('../../package.json');
    const tradeApi = dependenciesOf('../../../packages/trade-api/package.json');
    const npmDependencies = Object.entries(tradeApi).filter(
      ([name]) => !name.startsWith('@tradein/'),
    );
    expect(npmDependencies.length).toBeGreaterThan(5);
    for (const [name, range] of npmDependencies) {
      expect(shop[name], `host-shop's ${name}`).toBe(range);
    }
  });
});
