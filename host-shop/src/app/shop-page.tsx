import { Trans, useLingui } from '@lingui/react/macro';
import type { EditionCode, ShopMode } from '@tradein/editions';
import { Document } from './document.tsx';
import { editionNames, shopModeNames } from './labels.ts';

export interface ShopPageProps {
  edition: EditionCode;
  shopMode: ShopMode;
  language: string;
  domain: string;
}

/** The shop's landing page for one edition and shop mode. */
export function ShopPage({ edition, shopMode, language, domain }: ShopPageProps) {
  const { t, i18n } = useLingui();
  const editionName = i18n._(editionNames[edition]);
  const modeName = i18n._(shopModeNames[shopMode]);
  return (
    <Document
      language={language}
      title={t`Sell your used electronics – ${editionName}`}
      description={t`Get an offer for your phone, tablet, laptop or camera in minutes and get paid safely.`}
    >
      <main>
        <h1>
          <Trans>Sell your used electronics</Trans>
        </h1>
        <dl>
          <dt>
            <Trans>Edition</Trans>
          </dt>
          <dd data-edition={edition}>
            {editionName} ({edition}, {domain})
          </dd>
          <dt>
            <Trans>Shop mode</Trans>
          </dt>
          <dd data-shop-mode={shopMode}>
            {modeName} ({shopMode})
          </dd>
        </dl>
      </main>
    </Document>
  );
}
