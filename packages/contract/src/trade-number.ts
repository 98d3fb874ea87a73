/**
 * The trade number, apart from the trade schemas: pages and flow steps that only name a trade
 * (a flow step, a contact message) do not load the checkout's IBAN and VAT ID checks with it.
 */
import * as z from 'zod/mini';
import { pure } from './pure.ts';

/** A trade number as printed on labels and mails, e.g. `T-2026-000123`. */
export const tradeNumberSchema = /* @__PURE__ */ pure(() =>
  z
    .string()
    .check(z.regex(/^T-[0-9]{4}-[0-9]{6,10}$/, 'Trade number must look like T-2026-000123')),
);
