import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { EditionCode, ShopMode } from '@tradein/editions';

/** The country name of each edition, in the reader's language. */
export const editionNames: Record<EditionCode, MessageDescriptor> = {
  at: msg`Austria`,
  de: msg`Germany`,
  es: msg`Spain`,
  fr: msg`France`,
  it: msg`Italy`,
};

/** What each shop mode is, in the reader's language. */
export const shopModeNames: Record<ShopMode, MessageDescriptor> = {
  default: msg`Consumer shop`,
  b2bWidget: msg`Business partner widget`,
  agan: msg`agan sell shop`,
  aganwidget: msg`agan trade-in widget`,
};
