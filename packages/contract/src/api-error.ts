import * as z from 'zod/mini';

/** One invalid field of a request: its dotted path (`Address.zip`, `cart.0.price`) and what is wrong. */
export const apiFieldErrorSchema = z.object({
  path: z.string().check(z.maxLength(500)),
  message: z.string().check(z.minLength(1, 'Message must not be empty'), z.maxLength(2000)),
});
export type ApiFieldError = z.infer<typeof apiFieldErrorSchema>;

/**
 * The body of every non-2xx answer of the trade API. `code` is a stable machine-readable word
 * (e.g. `validation_failed`, `unauthorized`, `not_found`) the client may branch on; `message` is
 * for people; `fields` names the invalid fields of a 400.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z
      .string()
      .check(z.regex(/^[a-z][a-z0-9_]{0,63}$/, 'Error code must be a lower-case snake_case word')),
    message: z.string().check(z.minLength(1, 'Message must not be empty'), z.maxLength(2000)),
    fields: z.optional(z.array(apiFieldErrorSchema)),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The error code of a request that failed validation. */
export const validationErrorCode = 'validation_failed';

/** Joins an issue path into the dotted form of {@link ApiFieldError}; the empty path is the whole body. */
function joinPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment) => (typeof segment === 'symbol' ? (segment.description ?? '') : String(segment)))
    .join('.');
}

/** Builds the 400 answer for validation issues (e.g. `error.issues` of a failed zod parse). */
export function apiErrorFromIssues(
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
  message = 'The request is not valid',
): ApiError {
  return {
    error: {
      code: validationErrorCode,
      message,
      fields: issues.map((issue) => ({ path: joinPath(issue.path), message: issue.message })),
    },
  };
}
