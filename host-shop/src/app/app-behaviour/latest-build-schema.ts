import * as z from 'zod/mini';

/** What `/builds/latest.json` answers: the version of the build the server serves. */
export const latestBuildSchema = z.object({ version: z.string().check(z.minLength(1)) });
