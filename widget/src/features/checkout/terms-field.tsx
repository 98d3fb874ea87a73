import { Trans } from '@lingui/react/macro';
import { contentPath } from '@tradein/editions/client';
import type { MouseEvent, ReactNode } from 'react';
import { CheckField, hintIdOf } from './checkout-fields.tsx';
import type { CheckoutStore } from './checkout-store.ts';

/**
 * The address of a static page of the shop (§2): the element's `api-base` is the shop's origin,
 * and the shop serves the pages of the element's edition there.
 */
function shopContentUrl(apiBase: string, slug: 'terms' | 'privacy'): string {
  return new URL(contentPath(slug), apiBase).href;
}

/**
 * The links sit in the checkbox's label. Browsers do not toggle a checkbox for a click on a link
 * in its label, but a click that bubbles to the label does in other DOM implementations: it ends
 * at the link.
 */
const keepCheckbox = (event: MouseEvent) => event.stopPropagation();

/** A link of the terms label: a new tab, so the form and its focus stay where they are. */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a
      className="flow-text-link checkout-label-link"
      href={href}
      target="_blank"
      rel="noopener"
      aria-describedby={hintIdOf('acceptedTerms')}
      onClick={keepCheckbox}
    >
      {children}
    </a>
  );
}

/** The required terms checkbox, its label linking the terms and the privacy page of the shop. */
export function TermsField({ store, apiBase }: { store: CheckoutStore; apiBase: string }) {
  const terms = shopContentUrl(apiBase, 'terms');
  const privacy = shopContentUrl(apiBase, 'privacy');
  return (
    <CheckField
      store={store}
      field="acceptedTerms"
      hint={<Trans>The terms and the privacy policy open in a new tab.</Trans>}
    >
      <Trans>
        I accept the <NewTabLink href={terms}>terms and conditions</NewTabLink> and the{' '}
        <NewTabLink href={privacy}>privacy policy</NewTabLink>.
      </Trans>
    </CheckField>
  );
}
