import {
  maxTextFieldLength,
  newsletterEnrichEndpoint,
  newsletterInterestSchema,
  type NewsletterEnrichRequest,
  type NewsletterSubscription,
} from '@tradein/contract';
import { textOf, type FieldErrorCode } from '../account/form-rules.ts';
import type { EnrichErrors, EnrichValues, NewsletterInterest } from './enrich-form.tsx';

/** The topics a subscriber can choose, in the order the form lists them. */
export const newsletterInterests: readonly NewsletterInterest[] = newsletterInterestSchema.options;

/** The form's values of a stored subscription (what the enrich form shows first). */
export function enrichValuesOf(subscription: NewsletterSubscription): EnrichValues {
  return {
    firstName: subscription.firstName ?? '',
    salutation: subscription.salutation ?? '',
    interests: subscription.interests,
  };
}

/**
 * The enrich form as posted: trimmed texts and the ticked topics, with the fields that hold what
 * no form offers (a topic or salutation posted by hand): those are refused rather than dropped.
 */
export function readEnrichForm(form: FormData): { values: EnrichValues; refused: EnrichErrors } {
  const ticked = form.getAll('interests');
  const interests = newsletterInterests.filter((interest) => ticked.includes(interest));
  const salutation = textOf(form, 'salutation');
  const knownSalutation =
    salutation === 'mr' || salutation === 'ms' || salutation === 'diverse' ? salutation : '';
  const refused: EnrichErrors = {};
  if (interests.length !== ticked.length) refused.interests = 'invalid';
  if (knownSalutation !== salutation) refused.salutation = 'invalid';
  return {
    values: { firstName: textOf(form, 'firstName'), salutation: knownSalutation, interests },
    refused,
  };
}

/**
 * The enrich call's body for posted values, checked with the contract's schema, or the errors
 * to show beside the fields. The ticked topics are always sent, so unticking all of them clears
 * them; an empty first name or salutation leaves the stored one as it is (the API has no way to
 * clear them but unsubscribing).
 */
export function enrichRequestOf(
  emailHash: string,
  { values, refused }: { values: EnrichValues; refused: EnrichErrors },
): { body: NewsletterEnrichRequest } | { errors: EnrichErrors } {
  const parsed = newsletterEnrichEndpoint.body.safeParse({
    emailHash,
    interests: values.interests,
    ...(values.firstName === '' ? {} : { firstName: values.firstName }),
    ...(values.salutation === '' ? {} : { salutation: values.salutation }),
  });
  const errors: EnrichErrors = { ...refused };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'firstName') errors.firstName = firstNameError(values.firstName);
      else if (field === 'salutation') errors.salutation = 'invalid';
      else errors.interests = 'invalid';
    }
  }
  if (parsed.success && Object.keys(errors).length === 0) return { body: parsed.data };
  return { errors };
}

function firstNameError(value: string): FieldErrorCode {
  return value.length > maxTextFieldLength ? 'tooLong' : 'name';
}
