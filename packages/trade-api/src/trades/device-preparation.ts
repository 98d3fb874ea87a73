import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DeviceKind, TradeAfterSale } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import { getEdition } from '@tradein/editions';
import { categoryWording, type CatalogueLanguage } from '../catalogue/catalogue-texts.ts';

/*
 * What to do before packing, per kind of device (the catalogue category of the device): the
 * locks that would make a device worthless to the next owner (activation lock, Find My, Google
 * and Samsung accounts), the data, and what does not belong in the parcel. One list per kind,
 * not per device: the steps are the same for every model of a kind.
 */
const preparationSteps: Record<DeviceKind, readonly MessageDescriptor[]> = {
  smartphones: [
    msg`Back up your data.`,
    msg`Switch off “Find My” (iPhone) or remove your Google and Samsung accounts (Android), so the activation lock is off.`,
    msg`Reset the phone to its factory settings.`,
    msg`Take out the SIM card and the memory card.`,
  ],
  tablets: [
    msg`Back up your data.`,
    msg`Switch off “Find My” (iPad) or remove your Google and Samsung accounts (Android), so the activation lock is off.`,
    msg`Reset the tablet to its factory settings.`,
    msg`Take out the SIM card and the memory card.`,
  ],
  laptops: [
    msg`Back up your data.`,
    msg`Sign out of iCloud and switch off “Find My Mac”, or sign out of your Microsoft account and switch off “Find my device”.`,
    msg`Reset the laptop to its factory settings, erasing the drive.`,
  ],
  smartwatches: [
    msg`Unpair the watch from your phone, so its activation lock is off, or remove it from your Google or Samsung account.`,
    msg`Reset the watch to its factory settings.`,
  ],
  cameras: [
    msg`Take out the memory card.`,
    msg`Remove the camera from its app and reset its settings.`,
  ],
  consoles: [
    msg`Sign out of your accounts (PlayStation, Xbox, Nintendo) and deactivate the console as your primary console.`,
    msg`Reset the console to its factory settings.`,
    msg`Take out discs and game cards.`,
  ],
  headphones: [
    msg`Remove the headphones from your phone’s Bluetooth list and from “Find My” or the maker’s app.`,
    msg`Reset the headphones to their factory settings.`,
  ],
  'e-readers': [
    msg`Deregister the e-reader from your account (Amazon, Kobo, tolino).`,
    msg`Reset the e-reader to its factory settings.`,
  ],
  other: [
    msg`Back up your data, sign out of every account and reset the device to its factory settings.`,
  ],
};

/** The name of a kind: the catalogue's category name in the edition's language. */
function kindHeading(i18n: I18n, edition: EditionCode, kind: DeviceKind): string {
  if (kind === 'other') return i18n._(msg`Other devices`);
  const language = getEdition(edition).language as CatalogueLanguage;
  return categoryWording[kind][language].name;
}

/** The preparation of each kind, in the edition's language, in the order given. */
export function preparationOf(
  i18n: I18n,
  edition: EditionCode,
  kinds: readonly DeviceKind[],
): TradeAfterSale['preparation'] {
  return kinds.map((kind) => ({
    kind,
    heading: kindHeading(i18n, edition, kind),
    steps: preparationSteps[kind].map((step) => i18n._(step)),
  }));
}
