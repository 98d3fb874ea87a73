import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { buildSearchRequest, searchEndpoint } from '@tradein/contract';
import { getClientEdition } from '@tradein/editions/client';
import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { CatalogueImage } from '../../shared/catalogue-image.tsx';
import { modelNameOf } from '../../shared/model-name.ts';
import { useWidgetServices } from '../../shared/widget-services.tsx';
import {
  createBrowseStore,
  parentLevel,
  popTitleOf,
  type BrowseLevel,
  type BrowseModel,
  type BrowseStart,
} from './browse-store.ts';
import { Button } from '../../shared/button.tsx';

/**
 * One choice of a level: a button with the entry's thumbnail and name; a model with several
 * variants instead shows its name over one button per variant ("128 GB", "256 GB"). A
 * manufacturer has no thumbnail: its tile is its name set as text (no trademark logos).
 */
interface TileEntry {
  key: number;
  name: string;
  /** The illustration; `null` a placeholder of its size; absent for a name-only tile. */
  thumbnail?: string | null;
  choose: () => void;
  variants?: readonly { key: number; label: string; name: string; choose: () => void }[];
}

function Tiles({ entries, apiBase }: { entries: readonly TileEntry[]; apiBase: string }) {
  return (
    <ul className="tiles" part="tiles">
      {entries.map((entry) => (
        <li
          key={entry.key}
          className={entry.variants === undefined ? 'tile-item' : 'tile-item model-item'}
        >
          {entry.variants === undefined ? (
            <button
              type="button"
              className={entry.thumbnail === undefined ? 'tile tile-text' : 'tile'}
              part="tile"
              onClick={entry.choose}
            >
              {entry.thumbnail === undefined ? null : (
                <CatalogueImage apiBase={apiBase} reference={entry.thumbnail} alt="" />
              )}
              <span className="tile-name">{entry.name}</span>
            </button>
          ) : (
            <div className="tile model-tile" part="tile">
              <span className="model-head">
                <CatalogueImage apiBase={apiBase} reference={entry.thumbnail ?? null} alt="" />
                <span className="tile-name" id={`tradein-model-${entry.key}`}>
                  {entry.name}
                </span>
              </span>
              {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
              <div className="chips" role="group" aria-labelledby={`tradein-model-${entry.key}`}>
                {entry.variants.map((variant) => (
                  <Button
                    key={variant.key}
                    className="chip"
                    part="chip"
                    // The chip shows the size; its name says which device it opens.
                    aria-label={variant.name}
                    onClick={variant.choose}
                  >
                    {variant.label}
                  </Button>
                ))}
              </div>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The tiles of a series' models: one per model, its variants as chips when it has several. */
function modelEntries(
  models: readonly BrowseModel[],
  choose: (device: BrowseModel['first']) => void,
): TileEntry[] {
  return models.map(({ first, devices }) => ({
    key: first.id,
    name: devices.length === 1 ? first.name : modelNameOf(first),
    thumbnail: first.thumbnail,
    choose: () => choose(first),
    ...(devices.length === 1
      ? {}
      : {
          variants: devices.map((device) => ({
            key: device.id,
            label: device.variant === '' ? device.name : device.variant,
            name: device.name,
            choose: () => choose(device),
          })),
        }),
  }));
}

/** Placeholder tiles while a level loads: the same size as the real ones, so nothing jumps. */
function SkeletonTiles() {
  return (
    <div className="tiles" aria-hidden="true">
      <span className="tile skeleton-tile" />
      <span className="tile skeleton-tile" />
      <span className="tile skeleton-tile" />
      <span className="tile skeleton-tile" />
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="notice notice-error" part="notice" role="alert">
      <p className="notice-text">
        <Trans>The devices could not be loaded. Check your connection and try again.</Trans>
      </p>
      <Button variant="primary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/**
 * Browsing the catalogue: category → manufacturer → series → model, with thumbnails, a back
 * button and breadcrumbs. Choosing a model opens its questions.
 */
export function BrowseScreen(start: BrowseStart) {
  const { config, api, flow } = useWidgetServices();
  const { t } = useLingui();
  const edition = getClientEdition(config.edition);
  const store = useMemo(() => {
    const application = edition.search.devicesIndex;
    return createBrowseStore({
      loadCategories: async (signal) => {
        const body = buildSearchRequest({ kind: 'categories' }, application);
        const answer = await api.call(searchEndpoint, { body, signal });
        return answer.kind === 'categories' ? answer.hits : [];
      },
      loadDevices: async (series, signal) => {
        const body = buildSearchRequest(
          { kind: 'devicesBySeries', seriesId: series.id },
          application,
        );
        const answer = await api.call(searchEndpoint, { body, signal });
        return answer.kind === 'devicesBySeries' ? answer.hits : [];
      },
      onChoose: (device) => flow.go({ screen: 'questions', deviceUrl: device.url }),
      onNavigate: (step) => flow.go({ screen: 'browse', ...step }),
      start: {
        categoryUrl: start.categoryUrl,
        manufacturerUrl: start.manufacturerUrl,
        seriesUrl: start.seriesUrl,
      },
    });
    // The store is made once per screen; later steps reach it through `show` below.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [edition, api, flow]);
  useEffect(() => {
    store.load();
    return () => store.dispose();
  }, [store]);
  // Each level is a step of the flow: the step on view (a choice, the host's back button) says
  // which level shows.
  const { categoryUrl, manufacturerUrl, seriesUrl } = start;
  useEffect(() => {
    store.show({ categoryUrl, manufacturerUrl, seriesUrl });
  }, [store, categoryUrl, manufacturerUrl, seriesUrl]);
  const state = useStore(store.$state);
  const level = useStore(store.$level);
  const models = useStore(store.$models);
  const canGoBack = useStore(flow.$canGoBack);

  // After a choice or a step back, the heading of the new level takes the focus, so keyboard
  // and screen-reader users continue from the top of the new list. Moved before the level is
  // painted, so it never shows without focus.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownLevel = useRef<BrowseLevel | undefined>(undefined);
  useLayoutEffect(() => {
    if (state.categoriesStatus !== 'ready') return;
    if (shownLevel.current !== undefined && shownLevel.current !== level) heading.current?.focus();
    shownLevel.current = level;
  }, [level, state.categoriesStatus]);

  const { category, manufacturer, series } = state;
  const categoryName = category?.name ?? '';
  const manufacturerName = manufacturer?.name ?? '';
  const seriesName = series?.name ?? '';
  let title: string;
  switch (level) {
    case 'category':
      title = t`What kind of device do you want to sell?`;
      break;
    case 'manufacturer':
      title = t`${categoryName}: choose the manufacturer`;
      break;
    case 'series':
      title =
        (manufacturer && popTitleOf(manufacturer, edition.popTitleException)) ??
        t`${manufacturerName} ${categoryName}: choose the series`;
      break;
    case 'model':
      title = t`${seriesName}: choose your model`;
      break;
  }

  const loading =
    state.categoriesStatus === 'loading' ||
    (level === 'model' && state.devicesStatus === 'loading');
  const failed =
    state.categoriesStatus === 'error' || (level === 'model' && state.devicesStatus === 'error');

  let entries: TileEntry[] = [];
  if (state.categoriesStatus === 'ready') {
    if (level === 'category') {
      entries = state.categories.map((entry) => ({
        key: entry.id,
        name: entry.name,
        thumbnail: entry.thumbnail,
        choose: () => store.chooseCategory(entry),
      }));
    } else if (level === 'manufacturer') {
      entries = (category?.manufacturers ?? []).map((entry) => ({
        key: entry.id,
        name: entry.name,
        choose: () => store.chooseManufacturer(entry),
      }));
    } else if (level === 'series') {
      entries = (manufacturer?.series ?? []).map((entry) => ({
        key: entry.id,
        name: entry.name,
        thumbnail: entry.thumbnail,
        choose: () => store.chooseSeries(entry),
      }));
    } else if (state.devicesStatus === 'ready') {
      entries = modelEntries(models, (device) => store.chooseDevice(device));
    }
  }

  const crumbs: { level: BrowseLevel; label: ReactNode }[] = [
    { level: 'category', label: <Trans>All categories</Trans> },
  ];
  if (category) crumbs.push({ level: 'manufacturer', label: category.name });
  if (manufacturer) crumbs.push({ level: 'series', label: manufacturer.name });
  if (series) crumbs.push({ level: 'model', label: series.name });

  // Back walks the flow's history (the level before, or the step before browsing); a level
  // opened without one (a link, the host's back button) goes up to the level above.
  let backButton: ReactNode = null;
  if (canGoBack) {
    backButton = (
      <Button onClick={() => flow.back()}>
        <Trans>Back</Trans>
      </Button>
    );
  } else if (level !== 'category') {
    backButton = (
      <Button onClick={() => store.goTo(parentLevel[level])}>
        <Trans>Back</Trans>
      </Button>
    );
  } else {
    backButton = (
      <Button onClick={() => flow.go({ screen: 'search' })}>
        <Trans>Search by name</Trans>
      </Button>
    );
  }

  return (
    <section className="root find" part="root" aria-labelledby="tradein-heading">
      <nav className="breadcrumbs" part="breadcrumbs" aria-label={t`Breadcrumb`}>
        <ol className="breadcrumb-list">
          {crumbs.map((crumb, index) => (
            <li key={crumb.level} className="breadcrumb">
              {index === crumbs.length - 1 ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <button
                  type="button"
                  className="breadcrumb-button"
                  onClick={() => store.goTo(crumb.level)}
                >
                  {crumb.label}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h2 className="heading" part="heading" id="tradein-heading" tabIndex={-1} ref={heading}>
        {state.categoriesStatus === 'ready' ? title : <Trans>Browse devices</Trans>}
      </h2>
      <div className="browse-level" aria-busy={loading ? 'true' : 'false'}>
        {loading ? <SkeletonTiles /> : null}
        {failed ? <LoadError onRetry={() => store.retry()} /> : null}
        {!loading && !failed ? <Tiles entries={entries} apiBase={config.apiBase} /> : null}
      </div>
      <output className="visually-hidden" aria-live="polite">
        {loading ? <Trans>Loading…</Trans> : null}
      </output>
      {/* Shown with the level: below a loading skeleton it would jump down when the tiles come. */}
      {loading ? null : <p className="browse-actions">{backButton}</p>}
    </section>
  );
}
