import * as z from 'zod/mini';

/** Parses an origin exactly as browsers send it in the Origin header (no path, no slash). */
function toOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin === value ? value : undefined;
  } catch {
    return undefined;
  }
}

/** An origin as browsers send it in the Origin header: scheme, host and port only. */
export const originSchema = z
  .string()
  .check(
    z.refine(
      (value) => toOrigin(value) !== undefined,
      'must be an origin like https://partner.example (scheme, host and port only)',
    ),
  );
