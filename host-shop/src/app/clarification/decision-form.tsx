import { Trans, useLingui } from '@lingui/react/macro';
import type {
  ClarificationLine,
  ClarificationLineDecision,
  ClarificationView,
} from '@tradein/contract';
import { formatDate, formatMoney, type EditionCode } from '@tradein/editions/client';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Form, useNavigation } from 'react-router';
import {
  chosenPayout,
  choicesOfForm,
  decisionFieldName,
  isOpenLine,
  revisedLineCents,
  type DecisionChoices,
} from './clarification-choices.ts';
import { ClarificationDevices } from './clarification-device.tsx';
import { DecisionNote } from './decision-note.tsx';
import { ClarificationTotal } from './payout-summary.tsx';

/** The id of a line's radio group, which the error summary links to. */
function decisionGroupId(position: number): string {
  return `decision-group-${position}`;
}

/**
 * The clarification page while lines wait for the customer: every device with its findings and,
 * for each revised one, a choice between its revised offer and getting it back; the new total and
 * payout day follow the choices; one button sends them all. A plain form post without JavaScript
 * (the answer page shows the result); with it, the figures update as the customer chooses.
 */
export function DecisionForm({
  view,
  edition,
  photoPath,
  initialChoices,
  missing,
  renderedAt,
}: {
  view: ClarificationView;
  edition: EditionCode;
  photoPath(line: ClarificationLine): string | null;
  /** The choices a refused post carried, so that the page shows them again. */
  initialChoices: DecisionChoices;
  /** Open lines the last post left without a choice. */
  missing: readonly number[];
  /** When the server drew the page: the payout day counts from it until the page runs here. */
  renderedAt: string;
}) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [choices, setChoices] = useState<DecisionChoices>(initialChoices);
  const [now, setNow] = useState<Date | string>(renderedAt);
  // From the post until its answer is drawn: a second click meanwhile would come too late.
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod !== undefined;

  // The shop's scripts start at the first touch, which may already have picked a radio button:
  // the figures start from what the form holds, and the payout day counts from now.
  useEffect(() => {
    const form = formRef.current;
    if (form !== null) setChoices(readChoices(view, form));
    setNow(new Date());
  }, [view]);

  // A refused post: the customer learns which devices still need a decision.
  useEffect(() => {
    if (missing.length > 0) summaryRef.current?.focus();
  }, [missing]);

  function follow(event: FormEvent<HTMLFormElement>) {
    setChoices(readChoices(view, event.currentTarget));
  }

  const payout = chosenPayout(view, choices);
  const expiry = formatDate(edition, view.expiresAt);
  const missingLines = view.lines.filter((line) => missing.includes(line.position));
  return (
    <>
      <p className="lead">
        <Trans>
          Decide for each device: accept its revised offer, or get it back with free return
          shipping. Please answer by <time dateTime={view.expiresAt}>{expiry}</time>.
        </Trans>
      </p>
      {missingLines.length === 0 ? null : (
        <div
          className="notice notice--error error-summary"
          role="alert"
          tabIndex={-1}
          ref={summaryRef}
        >
          <p>
            <Trans>Please decide for every device before you confirm:</Trans>
          </p>
          <ul>
            {missingLines.map((line) => (
              <li key={line.position}>
                <a href={`#${decisionGroupId(line.position)}`}>{line.deviceName}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form
        method="post"
        className="clarification-form"
        noValidate
        ref={formRef}
        onChange={follow}
        aria-label={t`Your decisions`}
      >
        <ClarificationDevices
          view={view}
          edition={edition}
          photoPath={photoPath}
          renderDecision={(line) =>
            isOpenLine(line) ? (
              <DecisionChoice
                line={line}
                edition={edition}
                chosen={initialChoices[line.position]}
                refused={missing.includes(line.position)}
              />
            ) : (
              <DecisionNote line={line} />
            )
          }
        />
        <ClarificationTotal
          view={view}
          edition={edition}
          payout={payout}
          clock={{ kind: 'choosing', now }}
        />
        <button
          type="submit"
          className="button clarification-confirm"
          aria-disabled={sending}
          onClick={(event) => {
            // One post per answer: a second click while it is sent would be refused anyway.
            if (sending) event.preventDefault();
          }}
        >
          {sending ? <Trans>Sending your decisions…</Trans> : <Trans>Confirm my decisions</Trans>}
        </button>
      </Form>
    </>
  );
}

function readChoices(view: ClarificationView, form: HTMLFormElement): DecisionChoices {
  const fields = new FormData(form);
  return choicesOfForm(view, (name) => fields.get(name));
}

/** The radio group of one revised device: its revised offer, or the device back. */
function DecisionChoice({
  line,
  edition,
  chosen,
  refused,
}: {
  line: ClarificationLine;
  edition: EditionCode;
  chosen: ClarificationLineDecision | undefined;
  refused: boolean;
}) {
  const errorId = useId();
  const groupId = decisionGroupId(line.position);
  const name = decisionFieldName(line.position);
  const { deviceName } = line;
  const lineTotal = formatMoney(edition, revisedLineCents(line));
  return (
    <fieldset className="decision" id={groupId} aria-describedby={refused ? errorId : undefined}>
      <legend>
        <Trans>Your decision for {deviceName}</Trans>
      </legend>
      <div className="choice">
        <input
          id={`${groupId}-accept`}
          type="radio"
          name={name}
          value="accept"
          defaultChecked={chosen === 'accept'}
        />
        <label htmlFor={`${groupId}-accept`}>
          <Trans>Accept the revised offer of {lineTotal}</Trans>
        </label>
      </div>
      <div className="choice">
        <input
          id={`${groupId}-return`}
          type="radio"
          name={name}
          value="return"
          defaultChecked={chosen === 'return'}
        />
        <label htmlFor={`${groupId}-return`}>
          <Trans>Send this device back to me (free return shipping)</Trans>
        </label>
      </div>
      {refused ? (
        <p className="field-error" id={errorId}>
          <Trans>Please choose what happens to this device.</Trans>
        </p>
      ) : null}
    </fieldset>
  );
}
