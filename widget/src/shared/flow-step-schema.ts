import { offerAnswerSchema, offerIdSchema, tradeNumberSchema } from '@tradein/contract';
import * as z from 'zod/mini';
import type { FlowStep } from './flow.ts';

/*
 * Loaded only when a host page hands a step back (`flowStep`): the contract's schemas would
 * otherwise weigh on every first download, for hosts that route only.
 */

/** A catalogue url (slug) as the flow carries it. */
const urlPartSchema = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/));

/**
 * A step as a host page hands it back (`flowStep`), e.g. from `history.state` after the back
 * button or a reload: stored data read back, so it is checked before the flow goes there.
 */
export const flowStepSchema: z.ZodMiniType<FlowStep> = z.discriminatedUnion('screen', [
  z.strictObject({ screen: z.literal('search') }),
  z.strictObject({
    screen: z.literal('browse'),
    categoryUrl: z.optional(urlPartSchema),
    manufacturerUrl: z.optional(urlPartSchema),
    seriesUrl: z.optional(urlPartSchema),
  }),
  z.strictObject({
    screen: z.literal('questions'),
    deviceUrl: urlPartSchema,
    answers: z.optional(z.array(offerAnswerSchema).check(z.maxLength(50))),
    question: z.optional(z.int().check(z.minimum(0), z.maximum(49))),
    replacesOfferId: z.optional(offerIdSchema),
  }),
  z.strictObject({
    screen: z.literal('offer'),
    offerId: offerIdSchema,
    deviceUrl: urlPartSchema,
    deviceName: z.optional(z.string().check(z.maxLength(200))),
    replacesOfferId: z.optional(offerIdSchema),
  }),
  z.strictObject({ screen: z.literal('cart') }),
  z.strictObject({ screen: z.literal('checkout') }),
  z.strictObject({
    screen: z.literal('thank-you'),
    tradeNumber: tradeNumberSchema,
    newAccount: z.optional(
      z.strictObject({ email: z.string().check(z.maxLength(254)), created: z.boolean() }),
    ),
  }),
]);
