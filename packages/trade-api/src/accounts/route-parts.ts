import type * as z from 'zod/mini';

/**
 * The parsed headers or query of a route, typed by the endpoint's schema. `RouteInput` types
 * them as `undefined` for every endpoint (its conditional type reads the optional property
 * `E['headers']`, which includes `undefined`), although the router parses them for endpoints
 * that declare a schema. This restores the type and fails loudly if the schema is missing.
 */
export function declaredPart<S extends z.ZodMiniType>(
  schema: S | undefined,
  value: unknown,
): z.infer<S> {
  if (schema === undefined || value === undefined) {
    throw new Error('The endpoint declares no schema for this part of the request');
  }
  return value as z.infer<S>;
}
