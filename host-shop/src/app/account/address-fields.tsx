import { Trans } from '@lingui/react/macro';
import { SalutationField, TextField } from './form-field.tsx';
import type { AddressField, AddressValues, FieldErrors } from './form-rules.ts';

/**
 * The fields of a postal address in the order a label prints them, with the autocomplete tokens
 * browsers fill addresses by. The country is the edition's (the form says which).
 */
export function AddressFields({
  formId,
  errors = {},
  values,
  withCompany = true,
}: {
  formId: string;
  errors?: FieldErrors<AddressField>;
  values?: Partial<AddressValues> | undefined;
  withCompany?: boolean;
}) {
  return (
    <>
      <SalutationField
        formId={formId}
        error={errors.salutation}
        defaultValue={values?.salutation}
      />
      <TextField
        formId={formId}
        name="firstName"
        label={<Trans>First name</Trans>}
        autoComplete="given-name"
        error={errors.firstName}
        defaultValue={values?.firstName}
      />
      <TextField
        formId={formId}
        name="lastName"
        label={<Trans>Last name</Trans>}
        autoComplete="family-name"
        error={errors.lastName}
        defaultValue={values?.lastName}
      />
      {withCompany ? (
        <TextField
          formId={formId}
          name="company"
          label={<Trans>Company</Trans>}
          autoComplete="organization"
          optional
          error={errors.company}
          defaultValue={values?.company}
        />
      ) : null}
      <TextField
        formId={formId}
        name="street"
        label={<Trans>Street</Trans>}
        autoComplete="address-line1"
        error={errors.street}
        defaultValue={values?.street}
      />
      <TextField
        formId={formId}
        name="houseNumber"
        label={<Trans>House number</Trans>}
        error={errors.houseNumber}
        defaultValue={values?.houseNumber}
        maxLength={20}
      />
      <TextField
        formId={formId}
        name="addressAddition"
        label={<Trans>Address addition</Trans>}
        autoComplete="address-line2"
        optional
        error={errors.addressAddition}
        defaultValue={values?.addressAddition}
      />
      <TextField
        formId={formId}
        name="zip"
        label={<Trans>Postal code</Trans>}
        autoComplete="postal-code"
        inputMode="numeric"
        error={errors.zip}
        defaultValue={values?.zip}
        maxLength={10}
      />
      <TextField
        formId={formId}
        name="city"
        label={<Trans>City</Trans>}
        autoComplete="address-level2"
        error={errors.city}
        defaultValue={values?.city}
      />
    </>
  );
}
