import { Trans } from '@lingui/react/macro';

/** The three steps of a trade. */
export function HowItWorks() {
  return (
    <section className="how-it-works" aria-labelledby="how-it-works-heading">
      <h2 id="how-it-works-heading">
        <Trans>How it works</Trans>
      </h2>
      <ol>
        <li>
          <h3>
            <Trans>Get your offer</Trans>
          </h3>
          <p>
            <Trans>
              Find your device, answer a few questions about its condition, see your price.
            </Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>Send it for free</Trans>
          </h3>
          <p>
            <Trans>Print the prepaid shipping label and hand in your parcel.</Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>Get paid</Trans>
          </h3>
          <p>
            <Trans>We check your device, erase its data and pay by bank transfer or PayPal.</Trans>
          </p>
        </li>
      </ol>
    </section>
  );
}
