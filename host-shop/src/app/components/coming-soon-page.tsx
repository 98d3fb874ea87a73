import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

/** The page of a part of the shop that opens later, with the way to the service team. */
export function ComingSoonPage({
  area,
  contactPath,
}: {
  area: 'account' | 'newsletter' | 'clarification';
  contactPath: string;
}) {
  return (
    <main id="main" className="page">
      <h1>
        {area === 'account' ? (
          <Trans>Your account</Trans>
        ) : area === 'newsletter' ? (
          <Trans>Newsletter</Trans>
        ) : (
          <Trans>Your clarification</Trans>
        )}
      </h1>
      <p className="lead">
        <Trans>This part of the shop opens soon.</Trans>
      </p>
      <p>
        <Trans>Until then our service team answers every question about your trade.</Trans>
      </p>
      <Link className="button" to={contactPath}>
        <Trans>Contact us</Trans>
      </Link>
    </main>
  );
}
