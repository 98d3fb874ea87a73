import { Trans, useLingui } from '@lingui/react/macro';
import type { ClarificationLine, ClarificationView } from '@tradein/contract';
import { formatMoney, type EditionCode } from '@tradein/editions/client';
import type { ReactNode } from 'react';

/**
 * One device of a clarification: its original and revised price and why, what the customer
 * answered against what the inspection found (question by question), the inspection photo and
 * the seller's own photos. `children` holds what the customer does or did about it.
 */
export function ClarificationDevice({
  line,
  edition,
  photoPath,
  children,
}: {
  line: ClarificationLine;
  edition: EditionCode;
  /** The inspection photo's address, or null when the line has none. */
  photoPath: string | null;
  children?: ReactNode;
}) {
  const money = (cents: number) => formatMoney(edition, cents);
  const { deviceName, quantity } = line;
  const revisedPrice = money(line.revisedPriceCents);
  return (
    <li
      className="clarification-device"
      data-position={line.position}
      data-direction={line.direction}
    >
      <h2 className="clarification-device__name">
        {quantity > 1 ? (
          <Trans>
            {quantity} × {deviceName}
          </Trans>
        ) : (
          deviceName
        )}
      </h2>
      {line.direction === 'up' ? (
        <p className="notice notice--success">
          <Trans>Good news: this device is in better condition than described.</Trans>
        </p>
      ) : null}
      <dl className="facts-list clarification-prices">
        <dt>
          <Trans>Original offer per piece</Trans>
        </dt>
        <dd data-price="original">{money(line.priceCents)}</dd>
        <dt>
          <Trans>Revised offer per piece</Trans>
        </dt>
        <dd data-price="revised">
          {line.direction === 'same' ? (
            <Trans>{revisedPrice} (unchanged)</Trans>
          ) : (
            <strong>{revisedPrice}</strong>
          )}
        </dd>
        {line.reason === null ? null : (
          <>
            <dt className="clarification-reason-label">
              <Trans>Reason</Trans>
            </dt>
            <dd className="clarification-reason">{line.reason}</dd>
          </>
        )}
      </dl>
      <Findings line={line} />
      {photoPath === null ? null : <InspectionPhoto path={photoPath} deviceName={deviceName} />}
      <SellerPhotos paths={line.sellerPhotos} deviceName={deviceName} />
      {children}
    </li>
  );
}

/**
 * Every device of a clarification, each followed by what `renderDecision` shows for it: the
 * choice still to make, or what became of it.
 */
export function ClarificationDevices({
  view,
  edition,
  photoPath,
  renderDecision,
}: {
  view: ClarificationView;
  edition: EditionCode;
  photoPath(line: ClarificationLine): string | null;
  renderDecision(line: ClarificationLine): ReactNode;
}) {
  return (
    <ul className="clarification-devices">
      {view.lines.map((line) => (
        <ClarificationDevice
          key={line.position}
          line={line}
          edition={edition}
          photoPath={photoPath(line)}
        >
          {renderDecision(line)}
        </ClarificationDevice>
      ))}
    </ul>
  );
}

/** What the customer answered against what the inspection found, one question after another. */
function Findings({ line }: { line: ClarificationLine }) {
  if (line.findings.length === 0) return null;
  // A heading, not a landmark: every device has this part, under the same name.
  return (
    <div className="clarification-findings">
      <h3>
        <Trans>Your answers and our findings</Trans>
      </h3>
      <ul className="finding-list">
        {line.findings.map((finding) => (
          <li
            key={finding.questionId}
            className="finding"
            data-differs={finding.differs ? 'true' : 'false'}
          >
            <p className="finding__question">{finding.question}</p>
            <dl className="facts-list">
              <dt>
                <Trans>Your answer</Trans>
              </dt>
              <dd data-finding="answered">{finding.answeredText}</dd>
              <dt>
                <Trans>We found</Trans>
              </dt>
              <dd data-finding="found">{finding.foundText}</dd>
            </dl>
            <p className="finding__verdict">
              {finding.differs ? (
                <Trans>Differs from your answer</Trans>
              ) : (
                <Trans>As you described it</Trans>
              )}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The photo our team took at the inspection, from the shop's own origin. */
function InspectionPhoto({ path, deviceName }: { path: string; deviceName: string }) {
  const { t } = useLingui();
  return (
    <figure className="clarification-photo">
      <img
        src={path}
        alt={t`Inspection photo of ${deviceName}`}
        width="640"
        height="480"
        loading="lazy"
        decoding="async"
      />
      <figcaption>
        <Trans>Photo from our inspection</Trans>
      </figcaption>
    </figure>
  );
}

/** The photos the seller added to the device before shipping it, when there are any. */
function SellerPhotos({ paths, deviceName }: { paths: readonly string[]; deviceName: string }) {
  const { t } = useLingui();
  if (paths.length === 0) return null;
  return (
    <div className="seller-photos">
      <h3>
        <Trans>Your photos</Trans>
      </h3>
      <ul className="seller-photos__list">
        {paths.map((path, index) => {
          const number = index + 1;
          return (
            <li key={path}>
              <img
                src={path}
                alt={t`Your photo ${number} of ${deviceName}`}
                width="160"
                height="160"
                loading="lazy"
                decoding="async"
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
