/** Where the server names the build it serves (§2). */
export const latestBuildPath = '/builds/latest.json';

/**
 * Asks the server which build it serves, with a timestamp query so that no cache answers;
 * undefined when it cannot tell (offline, an error page).
 */
export async function fetchLatestBuild(
  fetchFn: typeof fetch,
  now: number,
): Promise<string | undefined> {
  try {
    const response = await fetchFn(`${latestBuildPath}?t=${now}`, { cache: 'no-store' });
    if (!response.ok) return undefined;
    const answer: unknown = await response.json();
    // The schema loads after the page: it is not worth a byte of the first download.
    const { latestBuildSchema } = await import('./latest-build-schema.ts');
    const parsed = latestBuildSchema.safeParse(answer);
    return parsed.success ? parsed.data.version : undefined;
  } catch {
    return undefined;
  }
}
