import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { formatMoney } from '@tradein/editions/client';
import type { Device, Question } from '@tradein/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FlowAnswer } from '../../shared/flow.ts';
import { rememberAnswers, rememberedAnswers } from './answer-memory.ts';
import { dispatchWidgetEvent } from '../../shared/widget-events.ts';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import { ConditionsVideo } from './conditions-video.tsx';
import {
  answerDescriptions,
  createQuestionsStore,
  type QuestionsStore,
} from './questions-store.ts';
import { Button } from '../../shared/button.tsx';
import { StatusView, useLoad } from '../../shared/status-view.tsx';

const headingId = 'tradein-questions-heading';
const questionHeadingId = 'tradein-question-text';

/** A questions step of the flow, as the screen takes it. */
export interface QuestionsScreenProps {
  deviceUrl: string;
  answers?: readonly FlowAnswer[] | undefined;
  question?: number | undefined;
  replacesOfferId?: string | undefined;
}

/** The condition questions of one device, one question per step of the flow, with the live price. */
export function QuestionsScreen(props: QuestionsScreenProps) {
  const { deviceUrl, answers, question } = props;
  const { api, config, tracker } = useWidgetServices();
  // The screen is keyed by the device: its store lives through the questions of one device.
  const [initial] = useState(() => ({ answers, question }));
  const store = useMemo(
    () =>
      createQuestionsStore({
        api,
        edition: config.edition,
        shopMode: config.mode,
        partner: config.partner,
        deviceUrl,
        tracker,
        position: initial,
        remembered: rememberedAnswers(config.edition, deviceUrl),
      }),
    [api, config, deviceUrl, tracker, initial],
  );
  useEffect(
    () =>
      store.$answers.listen((given) => {
        // Remembered per device only once it is known, so answers of another device are dropped.
        if (store.$load.get().status === 'ready') rememberAnswers(config.edition, deviceUrl, given);
      }),
    [store, config, deviceUrl],
  );
  // Each later step of the same device (the next question, back, forward) moves the store.
  const positionKey = JSON.stringify({ answers, question });
  useEffect(() => {
    store.show(JSON.parse(positionKey) as { answers?: FlowAnswer[]; question?: number });
  }, [store, positionKey]);
  const load = useLoad(store);

  if (load.status !== 'ready') {
    return (
      <StatusView
        className="questions"
        status={load.status}
        loading={<Trans>Loading the questions…</Trans>}
        skeleton={
          <>
            <div className="skeleton skeleton-header" />
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-answers" />
          </>
        }
        failed={<Trans>The questions could not be loaded.</Trans>}
        onRetry={() => void store.load()}
        notFound={<Trans>We could not find this device.</Trans>}
        notFoundText={
          <Trans>
            It may have been removed from our catalogue. Search for your device instead.
          </Trans>
        }
      />
    );
  }
  return <Questions store={store} device={load.device} replacesOfferId={props.replacesOfferId} />;
}

/** A catalogue image path is relative to the trade API that serves it. */
function imageUrl(apiBase: string, reference: string | null): string | undefined {
  if (reference === null) return undefined;
  return reference.startsWith('/') ? `${apiBase}${reference}` : reference;
}

interface QuestionsProps {
  store: QuestionsStore;
  device: Device;
  replacesOfferId: string | undefined;
}

function Questions({ store, device, replacesOfferId }: QuestionsProps) {
  const { config, flow, host } = useWidgetServices();
  const { t } = useLingui();
  const question = useStore(store.$question);
  const index = useStore(store.$index);
  const { current, total } = useStore(store.$progress);
  const answers = useStore(store.$answers);
  const creation = useStore(store.$creation);
  const canLeave = useStore(flow.$canGoBack);
  // The question a screen opens with leaves the focus where it is, unless the seller came from
  // another step of the flow; every later question takes the focus.
  const [firstQuestion] = useState(() => (flow.moved() ? undefined : question?.id));

  if (question === undefined) return null;
  const chosen = answers[question.id];
  const last = current === total;
  const thumbnail = imageUrl(config.apiBase, device.thumbnail);
  const replaces = replacesOfferId === undefined ? {} : { replacesOfferId };
  const stepAt = (at: number, deviceUrl = device.url) =>
    ({
      screen: 'questions',
      deviceUrl,
      answers: store.answerList(),
      question: at,
      ...replaces,
    }) as const;

  const goBack = () => {
    if (index > 0) {
      const previous = flow.previous();
      // The step before is the question before: back there, as the browser's button would.
      if (
        previous?.screen === 'questions' &&
        previous.deviceUrl === device.url &&
        previous.question === index - 1
      ) {
        flow.back();
      } else flow.go(stepAt(index - 1));
      return;
    }
    if (canLeave) flow.back();
    else flow.replace({ screen: 'search' });
  };
  const goForward = async () => {
    const next = store.nextIndex();
    if (next !== undefined) {
      flow.go(stepAt(next));
      return;
    }
    if (!last) return;
    const offer = await store.createOffer();
    if (offer === undefined) return;
    if (host !== undefined) {
      dispatchWidgetEvent(host, 'tradein:offer', {
        offerId: offer.offerId,
        deviceId: offer.deviceId,
        priceCents: offer.priceCents,
        currency: offer.currency,
        validUntil: offer.validUntil,
      });
    }
    flow.go({
      screen: 'offer',
      offerId: offer.offerId,
      deviceUrl: device.url,
      deviceName: device.name,
      ...replaces,
    });
  };

  return (
    <section className="root questions" part="root" aria-labelledby={headingId}>
      <header className="device-header" part="device-header">
        {thumbnail === undefined ? (
          <span className="device-thumbnail" />
        ) : (
          <img className="device-thumbnail" src={thumbnail} alt="" width="64" height="64" />
        )}
        <h2 className="heading" part="heading" id={headingId}>
          {device.name}
        </h2>
      </header>

      {device.variants.length > 1 ? (
        <VariantChoice device={device} onChange={(url) => flow.go(stepAt(index, url))} />
      ) : null}

      <div className="question-progress" part="progress">
        <output className="question-count">
          <Trans>
            Question {current} of {total}
          </Trans>
        </output>
        <ol className="question-steps" aria-label={t`Questions`}>
          {device.questions.map((entry, position) => (
            <li
              key={entry.id}
              className="question-step"
              aria-current={position + 1 === current ? 'step' : undefined}
              data-answered={answers[entry.id] === undefined ? undefined : ''}
            >
              <span className="visually-hidden">
                <Trans>Question {position + 1}</Trans>
              </span>
            </li>
          ))}
        </ol>
        <progress
          className="question-bar"
          max={total}
          value={current}
          aria-label={t`Progress through the questions`}
        />
      </div>

      <QuestionFieldset
        key={question.id}
        question={question}
        chosen={chosen}
        focusHeading={question.id !== firstQuestion}
        onChoose={(answerId) => store.choose(question.id, answerId)}
      />

      <ConditionsVideo edition={config.edition} />

      <PricePreviewBox store={store} />

      {creation.status === 'error' ? (
        <div className="alert" part="alert" role="alert">
          <Trans>Your offer could not be created. Please try again.</Trans>
        </div>
      ) : null}

      <div className="actions">
        <Button onClick={goBack}>
          <Trans>Back</Trans>
        </Button>
        <Button
          variant="primary"
          disabled={chosen === undefined || creation.status === 'creating'}
          aria-busy={creation.status === 'creating'}
          onClick={() => void goForward()}
        >
          {!last ? (
            <Trans>Next</Trans>
          ) : creation.status === 'creating' ? (
            <Trans>Creating your offer…</Trans>
          ) : (
            <Trans>Show my offer</Trans>
          )}
        </Button>
      </div>
    </section>
  );
}

/** The variant (storage size) of the device: another one keeps the answers given. */
function VariantChoice(props: { device: Device; onChange: (url: string) => void }) {
  const { device } = props;
  const selectId = `tradein-variant-${device.id}`;
  return (
    <div className="variant-choice" part="variant">
      <label className="variant-label" htmlFor={selectId}>
        <Trans>Storage</Trans>
      </label>
      <select
        className="input variant-select"
        part="input"
        id={selectId}
        value={device.url}
        onChange={(event) => {
          if (event.currentTarget.value !== device.url) props.onChange(event.currentTarget.value);
        }}
      >
        {device.variants.map((variant) => (
          <option key={variant.id} value={variant.url}>
            {variant.variant}
          </option>
        ))}
      </select>
    </div>
  );
}

interface QuestionFieldsetProps {
  question: Question;
  chosen: number | undefined;
  /** Whether the question takes the focus when it appears (after Next or Back, not at first). */
  focusHeading: boolean;
  onChoose: (answerId: number) => void;
}

function QuestionFieldset({ question, chosen, focusHeading, onChoose }: QuestionFieldsetProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each question mounts afresh (keyed by id): focusing it makes screen readers read it out.
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);
  const perAnswer = answerDescriptions(question);
  // Only when the answers do not carry their own part of it, the description stands alone.
  const description =
    perAnswer.size === 0 && question.description !== '' ? question.description : undefined;
  const descriptionId = `tradein-question-${question.id}-description`;
  return (
    <fieldset
      className="question"
      part="question"
      aria-describedby={description === undefined ? undefined : descriptionId}
    >
      <legend className="question-legend">
        <h3 className="question-text" id={questionHeadingId} tabIndex={-1} ref={headingRef}>
          {question.question}
        </h3>
      </legend>
      {description === undefined ? null : (
        <p className="hint" part="hint" id={descriptionId}>
          {description}
        </p>
      )}
      <div className="answers">
        {question.answers.map((answer) => {
          const inputId = `tradein-answer-${answer.id}`;
          const hint = perAnswer.get(answer.id);
          return (
            <label key={answer.id} className="answer" part="answer" htmlFor={inputId}>
              <input
                className="answer-input"
                type="radio"
                id={inputId}
                name={`tradein-question-${question.id}`}
                value={answer.id}
                checked={chosen === answer.id}
                onChange={() => onChoose(answer.id)}
              />
              <span className="answer-text">
                <span className="answer-label">{answer.text}</span>
                {hint === undefined ? null : <span className="answer-hint">{hint}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function PricePreviewBox({ store }: { store: QuestionsStore }) {
  const { config } = useWidgetServices();
  const preview = useStore(store.$preview);
  return (
    <div
      className="price-preview"
      part="price-preview"
      aria-live="polite"
      aria-busy={preview.status === 'loading'}
    >
      {preview.status === 'incomplete' ? (
        <p className="hint">
          <Trans>Answer every question to see your price.</Trans>
        </p>
      ) : preview.status === 'loading' ? (
        <p className="hint">
          <Trans>Calculating your price…</Trans>
        </p>
      ) : preview.status === 'error' ? (
        <p className="price-preview-error">
          <Trans>Your price could not be calculated.</Trans>{' '}
          <Button onClick={() => void store.retryPreview()}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      ) : (
        <p className="price-preview-value">
          {preview.preview.recycling ? <Trans>Recycling price:</Trans> : <Trans>Your price:</Trans>}{' '}
          <strong className="price-preview-amount">
            {formatMoney(config.edition, preview.preview.priceCents)}
          </strong>
        </p>
      )}
    </div>
  );
}
