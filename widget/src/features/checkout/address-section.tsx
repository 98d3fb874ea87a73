import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { isB2BMode } from '@tradein/editions/client';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import { idOf, TextField } from './checkout-fields.tsx';
import { hasHouseNumberField, type CheckoutFormValues } from './checkout-form.ts';
import type { CheckoutStore } from './checkout-store.ts';
import { VatIdField } from './vat-id-field.tsx';

/** Where the label is sent from: name and address in the edition's country. */
export function AddressSection({ store }: { store: CheckoutStore }) {
  const { config } = useWidgetServices();
  const { t, i18n } = useLingui();
  const values = useStore(store.$values);
  const country =
    new Intl.DisplayNames(i18n.locales ?? i18n.locale, { type: 'region' }).of(
      config.edition.toUpperCase(),
    ) ?? config.edition.toUpperCase();
  return (
    <fieldset className="checkout-group">
      <legend className="checkout-legend">
        <Trans>Sender address</Trans>
      </legend>
      {isB2BMode(config.mode) && (
        <>
          <TextField store={store} field="company" autoComplete="organization">
            <Trans>Company</Trans>
          </TextField>
          <VatIdField store={store} />
        </>
      )}
      <div className="checkout-field">
        <label className="label" part="label" htmlFor={idOf('salutation')}>
          <Trans>Salutation</Trans>
        </label>
        <select
          className="input"
          part="input"
          id={idOf('salutation')}
          value={values.salutation}
          onChange={(event) =>
            store.update(
              'salutation',
              event.currentTarget.value as CheckoutFormValues['salutation'],
            )
          }
        >
          <option value="ms">{t`Ms`}</option>
          <option value="mr">{t`Mr`}</option>
          <option value="diverse">{t`Diverse`}</option>
        </select>
      </div>
      <TextField store={store} field="firstName" autoComplete="given-name">
        <Trans>First name</Trans>
      </TextField>
      <TextField store={store} field="lastName" autoComplete="family-name">
        <Trans>Last name</Trans>
      </TextField>
      {hasHouseNumberField(config.edition) ? (
        <>
          <TextField store={store} field="street" autoComplete="address-line1">
            <Trans>Street</Trans>
          </TextField>
          <TextField store={store} field="houseNumber">
            <Trans>House number</Trans>
          </TextField>
        </>
      ) : (
        // Street and number as one line, in the order the country writes them.
        <TextField
          store={store}
          field="street"
          autoComplete="address-line1"
          hint={<Trans>Street and number, for example 12 Main Street</Trans>}
        >
          <Trans>Address</Trans>
        </TextField>
      )}
      <TextField store={store} field="addressAddition" autoComplete="address-line2" optional>
        <Trans>Address addition</Trans>
      </TextField>
      <TextField store={store} field="zip" autoComplete="postal-code" inputMode="numeric">
        <Trans>Postal code</Trans>
      </TextField>
      <TextField store={store} field="city" autoComplete="address-level2">
        <Trans>City</Trans>
      </TextField>
      <p className="checkout-country">
        <Trans>Country: {country}</Trans>
      </p>
    </fieldset>
  );
}
