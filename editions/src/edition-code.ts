import * as z from 'zod/mini';

/** Codes of the five country editions, in alphabetical order. */
export const editionCodes = ['at', 'de', 'es', 'fr', 'it'] as const;

/** Validates an edition code (`at`, `de`, `es`, `fr`, `it`). */
export const editionCodeSchema = z.enum(editionCodes);

/** One of the five edition codes. */
export type EditionCode = z.infer<typeof editionCodeSchema>;
