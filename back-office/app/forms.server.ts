import type { ApiError } from '@tradein/contract';
import type * as z from 'zod/mini';

/*
 * Forms of the back office post to their page's action, which parses them with the schema of
 * the call they make (the contract's) and answers the refused fields by name; the page shows a
 * message of its own language beside each field.
 */

/** The result of a form checked against its call's schema. */
export type ParsedForm<T> = { ok: true; data: T } | { ok: false; refused: string[] };

/** The form field of a refused path: its first segment (`findings.screen` → `findings`). */
function fieldOf(path: readonly PropertyKey[] | string): string {
  const first = typeof path === 'string' ? path.split('.')[0] : path[0];
  return first === undefined ? '' : String(first);
}

/** Parses `values` with `schema`; a refusal names each refused field once. */
export function parseForm<S extends z.ZodMiniType>(
  schema: S,
  values: unknown,
): ParsedForm<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return {
    ok: false,
    refused: [...new Set(parsed.error.issues.map((issue) => fieldOf(issue.path)))],
  };
}

/** The fields an API's 400 named. */
export function refusedByApi(error: ApiError['error']): string[] {
  return [...new Set((error.fields ?? []).map((field) => fieldOf(field.path)))];
}

/** A text field of a form, or undefined when absent or not text. */
export function textOf(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}
