import { Trans } from '@lingui/react/macro';
import { getClientEdition, type EditionCode } from '@tradein/editions/client';
import { SalutationField, TextField } from './form-field.tsx';
import type { AddressField, AddressValues, FieldErrors } from './form-rules.ts';

/**
 * The one street line of a country that writes street and number together. An address stored
 * before, with a house number of its own, shows both in it, for the customer to put in order.
 */
function streetLineOf(values: Partial<AddressValues> | undefined): string | undefined {
  const parts = [values?.street, values?.houseNumber].filter(
    (part): part is string => part !== undefined && part !== '',
  );
  return parts.length === 0 ? undefined : parts.join(' ');
}

/**
 * The fields of a postal address, with the autocomplete tokens browsers fill addresses by. The
 * country is the edition's (the form says which): where it writes street and number as one line
 * (`streetForm: 'oneLine'`: France, Spain, Italy) the form has one "Address" line, elsewhere
 * (Germany, Austria) street and house number.
 */
export function AddressFields({
  formId,
  edition,
  errors = {},
  values,
  withCompany = true,
}: {
  formId: string;
  edition: EditionCode;
  errors?: FieldErrors<AddressField>;
  values?: Partial<AddressValues> | undefined;
  withCompany?: boolean;
}) {
  const oneLine = getClientEdition(edition).streetForm === 'oneLine';
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
      {oneLine ? (
        <TextField
          formId={formId}
          name="street"
          label={<Trans>Address</Trans>}
          hint={<Trans>Street and number, for example 12 Main Street</Trans>}
          autoComplete="address-line1"
          error={errors.street ?? errors.houseNumber}
          defaultValue={streetLineOf(values)}
        />
      ) : (
        <>
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
        </>
      )}
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
