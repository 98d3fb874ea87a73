import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ImprintView, LegalBlock, LegalBlockData, ToolView } from './legal-pages.server.ts';

/** What each tool does for the visitor, in the page's language. */
const toolNames: Record<ToolView['id'], MessageDescriptor> = {
  dynamicYield: msg`Dynamic Yield (personalization)`,
  ekomi: msg`eKomi (customer reviews)`,
  helpWidget: msg`Help and contact widget`,
};

const toolPurposes: Record<ToolView['id'], MessageDescriptor> = {
  dynamicYield: msg`Chooses the shop's content and recommendations from your earlier visits and keeps a visitor ID for it.`,
  ekomi: msg`Shows our customer reviews (review seal and slider) and counts how often they are seen.`,
  helpWidget: msg`Lets you chat with our service team and send requests; it recognizes you when you come back.`,
};

const consentCategories: Record<ToolView['purpose'], MessageDescriptor> = {
  statistics: msg`Statistics and marketing`,
  personalization: msg`Personalization`,
};

function Address({ imprint }: { imprint: ImprintView }) {
  return (
    <address className="legal-address">
      <strong>{imprint.companyName}</strong>
      {imprint.addressLines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}

function ImprintBlock({ imprint }: { imprint: ImprintView }) {
  return (
    <section className="legal-block">
      <h2>
        <Trans>Operator of this website</Trans>
      </h2>
      <Address imprint={imprint} />
      <dl className="legal-facts">
        <dt>
          <Trans>Managing directors</Trans>
        </dt>
        <dd>{imprint.managingDirectors.join(', ')}</dd>
        <dt>
          <Trans>Register court</Trans>
        </dt>
        <dd>{imprint.registerCourt}</dd>
        <dt>
          <Trans>Register number</Trans>
        </dt>
        <dd>{imprint.registerNumber}</dd>
        <dt>
          <Trans>VAT ID</Trans>
        </dt>
        <dd>{imprint.vatId}</dd>
        <dt>
          <Trans>E-mail</Trans>
        </dt>
        <dd>
          <a href={`mailto:${imprint.email}`}>{imprint.email}</a>
        </dd>
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>
          <a href={imprint.phone.href}>{imprint.phone.display}</a>
        </dd>
      </dl>
    </section>
  );
}

/** The company's address and e-mail, under a heading of the page's own or the controller's. */
function AddressBlock({ imprint, heading }: { imprint: ImprintView; heading: boolean }) {
  const address = (
    <>
      <Address imprint={imprint} />
      <p>
        <Trans>
          E-mail: <a href={`mailto:${imprint.email}`}>{imprint.email}</a>
        </Trans>
      </p>
    </>
  );
  return heading ? (
    <section className="legal-block">
      <h2>
        <Trans>Controller</Trans>
      </h2>
      {address}
    </section>
  ) : (
    address
  );
}

function ToolsBlock({ tools }: { tools: readonly ToolView[] }) {
  const { i18n } = useLingui();
  return (
    <section className="legal-block" data-third-party-tools="">
      <h2>
        <Trans>Third-party tools we load only with your consent</Trans>
      </h2>
      {tools.length === 0 ? (
        <p>
          <Trans>This shop loads no third-party tools.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>
              These services are loaded only after you have allowed their purpose in the privacy
              settings. You can change your choice at any time under “Privacy settings” at the
              bottom of the page.
            </Trans>
          </p>
          <ul className="legal-tools">
            {tools.map((tool) => (
              <li key={tool.id} data-tool={tool.id}>
                <h3>{i18n._(toolNames[tool.id])}</h3>
                <dl className="legal-facts">
                  <dt>
                    <Trans>Provider</Trans>
                  </dt>
                  <dd>{tool.provider}</dd>
                  <dt>
                    <Trans>Purpose</Trans>
                  </dt>
                  <dd>{i18n._(toolPurposes[tool.id])}</dd>
                  <dt>
                    <Trans>Consent category</Trans>
                  </dt>
                  <dd>{i18n._(consentCategories[tool.purpose])}</dd>
                  <dt>
                    <Trans>Privacy notice</Trans>
                  </dt>
                  <dd>
                    <a href={tool.privacyPolicyUrl} rel="noopener">
                      <Trans>Privacy notice of {tool.provider}</Trans>
                    </a>
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A block of a legal page, from the edition configuration's data. */
export function LegalBlockView({ block, data }: { block: LegalBlock; data: LegalBlockData }) {
  if (block !== 'third-party-tools' && data.imprint !== undefined) {
    return block === 'imprint' ? (
      <ImprintBlock imprint={data.imprint} />
    ) : (
      <AddressBlock imprint={data.imprint} heading={block === 'controller'} />
    );
  }
  if (block === 'third-party-tools' && data.tools !== undefined) {
    return <ToolsBlock tools={data.tools} />;
  }
  return null;
}
