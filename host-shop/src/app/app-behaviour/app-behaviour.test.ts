import { describe, expect, it, vi } from 'vitest';
import { fetchLatestBuild, latestBuildPath } from './build-check.ts';
import { reloadGuardMs, shouldReload } from './chunk-reload.ts';

describe('shouldReload', () => {
  const at = 1_000_000;

  it('reloads for the first failed chunk of a tab', () => {
    expect(shouldReload(undefined, '/checkout', at)).toBe(true);
  });

  it('does not reload the same path again within the guard window', () => {
    const last = { path: '/checkout', at };
    expect(shouldReload(last, '/checkout', at + reloadGuardMs - 1)).toBe(false);
    expect(shouldReload(last, '/checkout', at + reloadGuardMs)).toBe(true);
  });

  it('reloads another path at once', () => {
    expect(shouldReload({ path: '/checkout', at }, '/kontakt', at + 1)).toBe(true);
  });
});

/** A fetch that answers every request with `body` as JSON. */
const answer = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => Response.json(body, { status }));

describe('fetchLatestBuild', () => {
  it('asks past every cache and reads the version', async () => {
    const fetchFn = answer({ version: 'a1b2c3' });
    expect(await fetchLatestBuild(fetchFn, 42)).toBe('a1b2c3');
    expect(fetchFn).toHaveBeenCalledWith(`${latestBuildPath}?t=42`, { cache: 'no-store' });
  });

  it.each([
    ['an error status', answer({ version: 'a1b2c3' }, 503)],
    ['an answer without a version', answer({ build: 'a1b2c3' })],
    ['an empty version', answer({ version: '' })],
    [
      'a network failure',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ],
  ])('cannot tell on %s', async (_case, fetchFn) => {
    expect(await fetchLatestBuild(fetchFn, 1)).toBeUndefined();
  });
});
