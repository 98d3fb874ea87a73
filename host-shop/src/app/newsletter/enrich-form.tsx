import { Trans, useLingui } from '@lingui/react/macro';
import type { NewsletterSubscription, Salutation } from '@tradein/contract';
import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import { FieldMessage, TextField } from '../account/form-field.tsx';
import type { FieldErrorCode } from '../account/form-rules.ts';

/** A topic of the newsletter (the contract's list). */
export type NewsletterInterest = NewsletterSubscription['interests'][number];

/** What the enrich form holds: '' where the subscriber gave nothing. */
export interface EnrichValues {
  firstName: string;
  salutation: Salutation | '';
  interests: readonly NewsletterInterest[];
}

/** Why a field of the enrich form was refused. */
export type EnrichErrors = Partial<
  Record<'firstName' | 'salutation' | 'interests', FieldErrorCode>
>;

/** The name of a topic as the subscriber reads it. */
function InterestLabel({ interest }: { interest: NewsletterInterest }) {
  switch (interest) {
    case 'offers':
      return <Trans>Offers and price bonuses</Trans>;
    case 'news':
      return <Trans>News about our service</Trans>;
    case 'sustainability':
      return <Trans>Sustainability and second life of devices</Trans>;
    case 'tips':
      return <Trans>Tips for selling your devices</Trans>;
  }
}

/**
 * The enrich form of an active subscription: first name, salutation and topics, all optional.
 * A plain form post (`intent=enrich`) to the page's own action, so it works without JavaScript.
 */
export function EnrichForm({
  interests,
  values,
  errors = {},
}: {
  /** The topics to offer, in order. */
  interests: readonly NewsletterInterest[];
  values: EnrichValues;
  errors?: EnrichErrors;
}) {
  const { t } = useLingui();
  const formId = useId();
  const sending = useNavigation().state === 'submitting';
  const salutationId = `${formId}-salutation`;
  const interestsError = `${formId}-interests-error`;
  return (
    <Form method="post" className="form" noValidate aria-label={t`Your newsletter details`}>
      <input type="hidden" name="intent" value="enrich" />
      <TextField
        formId={formId}
        name="firstName"
        label={<Trans>First name</Trans>}
        autoComplete="given-name"
        optional
        defaultValue={values.firstName}
        error={errors.firstName}
        hint={<Trans>So that our newsletter can greet you by name.</Trans>}
      />
      <div className="field">
        <label htmlFor={salutationId}>
          <Trans>Salutation</Trans>
          <span className="field-optional">
            {' '}
            <Trans>(optional)</Trans>
          </span>
        </label>
        <select
          id={salutationId}
          name="salutation"
          defaultValue={values.salutation}
          autoComplete="honorific-prefix"
          aria-invalid={errors.salutation === undefined ? undefined : true}
          aria-describedby={errors.salutation === undefined ? undefined : `${salutationId}-error`}
        >
          <option value="">{t`No salutation chosen`}</option>
          <option value="ms">{t`Ms`}</option>
          <option value="mr">{t`Mr`}</option>
          <option value="diverse">{t`Neither (no salutation)`}</option>
        </select>
        {errors.salutation === undefined ? null : (
          <p className="field-error" id={`${salutationId}-error`}>
            <FieldMessage code={errors.salutation} />
          </p>
        )}
      </div>
      <fieldset
        className="newsletter-interests"
        aria-describedby={errors.interests === undefined ? undefined : interestsError}
      >
        <legend>
          <Trans>What would you like to read about?</Trans>
        </legend>
        {interests.map((interest) => (
          <label key={interest} className="check-field">
            <input
              type="checkbox"
              name="interests"
              value={interest}
              defaultChecked={values.interests.includes(interest)}
            />
            <span>
              <InterestLabel interest={interest} />
            </span>
          </label>
        ))}
        {errors.interests === undefined ? null : (
          <p className="field-error" id={interestsError}>
            <FieldMessage code={errors.interests} />
          </p>
        )}
      </fieldset>
      <button type="submit" className="button" disabled={sending}>
        <Trans>Save my details</Trans>
      </button>
    </Form>
  );
}
