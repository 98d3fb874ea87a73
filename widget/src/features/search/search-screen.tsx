import { useStore } from '@nanostores/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, type FormEvent, type KeyboardEvent } from 'react';
import { isB2BMode, type EditionCode } from '@tradein/editions/client';
import type { DeviceSummary } from '@tradein/contract';
import { CatalogueImage } from '../../shared/catalogue-image.tsx';
import { modelNameOf } from '../../shared/model-name.ts';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import { highlightMatches } from './highlight.ts';
import {
  createSearchStore,
  type SearchKey,
  type SearchOption,
  type SearchState,
  type SearchStore,
} from './search-store.ts';
import type * as DeviceSearchModule from './device-search.ts';
import { Button } from '../../shared/button.tsx';

// Ids are scoped by the shadow root, so fixed ids cannot clash between two elements.
const inputId = 'tradein-search-input';
const hintId = 'tradein-search-hint';
const resultsId = 'tradein-search-results';
const optionId = (index: number) => `tradein-search-option-${index}`;
const groupLabelId = (index: number) => `tradein-search-model-${index}`;
const priceId = (index: number) => `tradein-search-price-${index}`;

let deviceSearchModule: Promise<typeof DeviceSearchModule> | undefined;
/**
 * The search call's code once it has arrived. Results only come through it, so whenever there
 * are results to show, it is here to format their prices.
 */
let deviceSearch: typeof DeviceSearchModule | undefined;
/** The search call's code, fetched once per page (again after a failed fetch). */
function loadDeviceSearch(): Promise<typeof DeviceSearchModule> {
  deviceSearchModule ??= import('./device-search.ts').then(
    (module) => (deviceSearch = module),
    (error: unknown) => {
      deviceSearchModule = undefined;
      throw error;
    },
  );
  return deviceSearchModule;
}

const handledKeys: ReadonlySet<string> = new Set(['ArrowDown', 'ArrowUp', 'Enter', 'Escape']);

function keepOnPage(event: FormEvent<HTMLFormElement>): void {
  // Enter in the box must never submit the host page or reload it.
  event.preventDefault();
}

/** The name with the words the query found in `<mark>`, built as text nodes (never HTML). */
function HighlightedName({ name, query, id }: { name: string; query: string; id?: string }) {
  return (
    <span className="option-name" id={id}>
      {highlightMatches(name, query).map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : segment.text,
      )}
    </span>
  );
}

/** The options of one model, from `start` in the list of all options. */
interface ModelEntry {
  hit: DeviceSummary;
  start: number;
  options: readonly SearchOption[];
}

/** The options grouped by model, in list order. */
function modelsOf(options: readonly SearchOption[]): ModelEntry[] {
  const models: ModelEntry[] = [];
  options.forEach((option, index) => {
    const last = models.at(-1);
    if (last?.hit === option.hit) last.options = [...last.options, option];
    else models.push({ hit: option.hit, start: index, options: [option] });
  });
  return models;
}

interface ModelOptionsProps {
  model: ModelEntry;
  modelIndex: number;
  state: SearchState;
  store: SearchStore;
  apiBase: string;
  edition: EditionCode;
}

/** "up to 410,00 €": the most the model can get, before any question is answered. */
function BestPrice({
  hit,
  edition,
  id,
}: {
  hit: DeviceSummary;
  edition: EditionCode;
  id?: string;
}) {
  const price = deviceSearch?.bestPriceText(edition, hit);
  return price === undefined ? null : (
    <span className="best-price" id={id}>
      <Trans>up to {price}</Trans>
    </span>
  );
}

/**
 * A found model: one option when it has one variant, else a group named by the model whose
 * options are its variants as chips ("128 GB", "256 GB"); a size the query names is marked.
 */
function ModelOptions({ model, modelIndex, state, store, apiBase, edition }: ModelOptionsProps) {
  const { hit, start, options } = model;
  // Pointer users click an option; keyboard users reach it through the input's
  // aria-activedescendant, so options take no focus and no keys of their own.
  const optionProps = (index: number, className: string) => ({
    id: optionId(index),
    role: 'option',
    'aria-selected': index === state.activeIndex ? ('true' as const) : ('false' as const),
    className: index === state.activeIndex ? `${className} option-active` : className,
    part: 'option',
    // Keep the focus in the box, so the blur does not close the list first.
    onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
    onMouseMove: () => store.activate(index),
    onClick: () => store.choose(index),
  });
  const [only] = options;
  if (options.length === 1 && only !== undefined) {
    return (
      <div {...optionProps(start, 'option')}>
        <CatalogueImage apiBase={apiBase} reference={hit.thumbnail} alt="" />
        <HighlightedName name={hit.name} query={state.resultQuery} />
        <BestPrice hit={hit} edition={edition} />
      </div>
    );
  }
  const modelName = modelNameOf(hit);
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
    <div role="group" className="option-group" aria-labelledby={groupLabelId(modelIndex)}>
      <div className="option-group-head">
        <CatalogueImage apiBase={apiBase} reference={hit.thumbnail} alt="" />
        <HighlightedName name={modelName} query={state.resultQuery} id={groupLabelId(modelIndex)} />
        <BestPrice hit={hit} edition={edition} id={priceId(modelIndex)} />
      </div>
      <div className="chips">
        {options.map((option, offset) => (
          <div
            key={option.variant.id}
            {...optionProps(start + offset, 'chip')}
            aria-describedby={priceId(modelIndex)}
          >
            {/* The chip shows the size; its name (and text) says the whole device. */}
            <span className="visually-hidden">{modelName} </span>
            <HighlightedName name={option.variant.variant} query={state.resultQuery} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The empty result, naming the text that found nothing. */
function NoResultText({ query }: { query: string }) {
  return <Trans>We found no device for “{query}”.</Trans>;
}

/** What the polite live region says about the current search. */
function Announcement({ state }: { state: SearchState }) {
  // Typing is not announced (the list is marked busy instead): only what came back is.
  switch (state.status) {
    case 'ready': {
      const count = state.results.length;
      return <Plural value={count} one="# device found." other="# devices found." />;
    }
    case 'empty':
      return <Trans>No device found.</Trans>;
    case 'error':
      return <Trans>The search is not available right now.</Trans>;
    default:
      return null;
  }
}

/**
 * The first screen: the device search as a WAI-ARIA combobox. Results arrive as the seller
 * types; the arrow keys move through them, Enter chooses, Escape closes and then clears.
 */
export function SearchScreen() {
  const { config, api, flow } = useWidgetServices();
  const { t } = useLingui();
  const store = useMemo(() => {
    return createSearchStore({
      search: async (text, signal) =>
        (await loadDeviceSearch()).searchDevices(api, config.edition, text, signal),
      onChoose: (variant) => flow.go({ screen: 'questions', deviceUrl: variant.url }),
    });
  }, [config.edition, api, flow]);
  useEffect(() => () => store.dispose(), [store]);
  // The box is usable now; fetch what the first search needs before the seller types.
  useEffect(() => {
    api.preload();
    loadDeviceSearch().catch(() => undefined);
  }, [api]);
  const state = useStore(store.$state);

  const showList = state.open && state.status !== 'error' && state.options.length > 0;
  const waiting = state.status === 'loading';
  const activeId = showList && state.activeIndex >= 0 ? optionId(state.activeIndex) : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !handledKeys.has(event.key)) return;
    if (store.pressKey(event.key as SearchKey)) event.preventDefault();
  };

  return (
    <section className="root find" part="root" aria-labelledby="tradein-heading">
      <h2 className="heading" part="heading" id="tradein-heading">
        {isB2BMode(config.mode) ? (
          <Trans>Sell your company’s used devices</Trans>
        ) : (
          <Trans>Sell your used device</Trans>
        )}
      </h2>
      <search className="search" part="search">
        <form onSubmit={keepOnPage}>
          <label className="label" part="label" htmlFor={inputId}>
            <Trans>Which device do you want to sell?</Trans>
          </label>
          <input
            className="input"
            part="input"
            id={inputId}
            type="text"
            role="combobox"
            aria-expanded={showList ? 'true' : 'false'}
            aria-controls={resultsId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            value={state.query}
            onInput={(event) => store.setQuery(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={() => store.close()}
          />
          <span className="hint" part="hint" id={hintId}>
            <Trans>Type the model, for example “iPhone 13” or “Galaxy S23”.</Trans>
          </span>
          <div className="results-area" aria-busy={waiting ? 'true' : 'false'}>
            <div
              className="results"
              part="results"
              id={resultsId}
              // Options hold an image and a highlighted name, which <datalist> cannot show.
              // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
              role="listbox"
              aria-label={t`Devices`}
              hidden={!showList}
            >
              {modelsOf(state.options).map((model, modelIndex) => (
                <ModelOptions
                  key={model.hit.id}
                  model={model}
                  modelIndex={modelIndex}
                  state={state}
                  store={store}
                  apiBase={config.apiBase}
                  edition={config.edition}
                />
              ))}
            </div>
            {waiting && state.results.length === 0 ? (
              <div className="skeleton-list" part="skeleton" aria-hidden="true">
                <span className="skeleton-row" />
                <span className="skeleton-row" />
                <span className="skeleton-row" />
              </div>
            ) : null}
            {state.status === 'empty' && state.open ? (
              <div className="notice" part="notice">
                <p className="notice-text">
                  <NoResultText query={state.resultQuery} />
                </p>
                <Button variant="primary" onClick={() => flow.go({ screen: 'browse' })}>
                  <Trans>Browse all devices</Trans>
                </Button>
              </div>
            ) : null}
            {state.status === 'error' ? (
              <div className="notice notice-error" part="notice">
                <p className="notice-text">
                  <Trans>
                    The search is not available right now. Check your connection and try again.
                  </Trans>
                </p>
                <Button variant="primary" onClick={() => store.retry()}>
                  <Trans>Try again</Trans>
                </Button>
              </div>
            ) : null}
          </div>
          <output className="visually-hidden" aria-live="polite">
            <Announcement state={state} />
          </output>
        </form>
      </search>
      <p className="browse-link">
        <Button onClick={() => flow.go({ screen: 'browse' })}>
          <Trans>Browse by category</Trans>
        </Button>
      </p>
    </section>
  );
}
