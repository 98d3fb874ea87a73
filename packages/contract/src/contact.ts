import * as z from 'zod/mini';
import { editionCodeSchema } from '@tradein/editions/client';
import { defineEndpoint } from './endpoint.ts';
import {
  emailSchema,
  multiLineTextChecks,
  okResponseSchema,
  personNameSchema,
} from './primitives.ts';
import { pure } from './pure.ts';
import { tradeNumberSchema } from './trade-number.ts';

/** The longest message the contact form takes, in characters. */
export const maxContactMessageLength = 5000;

/** The key of one of the edition's ten contact subjects (`helpWidget.contactSubjects`). */
const contactSubjectKeySchema = /* @__PURE__ */ pure(() =>
  z.string().check(z.regex(/^[a-z][A-Za-z]{0,49}$/, 'Subject must be one of the listed subjects')),
);

/**
 * The message itself: lines of text, not blank, without control characters other than tab and
 * line breaks (the contract's one multi-line text field).
 */
const contactMessageTextSchema = /* @__PURE__ */ pure(() =>
  z.string().check(
    z.maxLength(
      maxContactMessageLength,
      `Message must be at most ${maxContactMessageLength} characters`,
    ),
    z.refine((text) => text.trim().length > 0, 'Message must not be empty'),
    ...multiLineTextChecks('Message'),
  ),
);

/**
 * Body of the contact call: a message to the edition's service team (`contact.toAddress`),
 * answered by mail to `email`. The server also checks that `subject` is one of the edition's.
 */
export const contactMessageRequestSchema = /* @__PURE__ */ pure(() =>
  z.object({
    edition: editionCodeSchema,
    subject: contactSubjectKeySchema,
    name: personNameSchema,
    email: emailSchema,
    tradeNumber: z.optional(tradeNumberSchema),
    message: contactMessageTextSchema,
  }),
);
export type ContactMessageRequest = z.infer<typeof contactMessageRequestSchema>;

/**
 * Sends a message of the contact page to the edition's service team. Rate limited per sender
 * address and per client (`too_many_requests` with `retry-after`).
 */
export const contactMessageEndpoint = /* @__PURE__ */ defineEndpoint({
  method: 'POST',
  path: '/api/contact/messages',
  auth: 'none',
  body: contactMessageRequestSchema,
  response: okResponseSchema,
});

/** Contact calls (not in §7, which leaves the contact page's sending open). */
export const contactEndpoints = {
  contactMessage: contactMessageEndpoint,
};
