import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { catalogueDevicesEndpoint } from '@tradein/contract';
import { data, Form, Link, useNavigation } from 'react-router';
import { FormAlert } from '../../components/field.tsx';
import { parseForm } from '../../forms.server.ts';
import { callOps } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { CatalogueNav, catalogueEditions, Price, ScrollingTable } from './catalogue-parts.tsx';
import type { Route } from './+types/catalogue-search';

export const meta: Route.MetaFunction = () => [
  { title: 'Catalogue and prices · tradein back office' },
];

/** The search params of the list, as the URL holds them. */
const queryNames = [
  'q',
  'edition',
  'manufacturer',
  'series',
  'retired',
  'sort',
  'direction',
  'page',
] as const;
type QueryName = (typeof queryNames)[number];

/** The list's query schema, the call's own. */
const deviceQuerySchema = catalogueDevicesEndpoint.query as NonNullable<
  typeof catalogueDevicesEndpoint.query
>;

/** Rows per page. */
const pageSize = 50;

/** A page of devices: the URL is the list's state; the API searches, sorts and pages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['pricing']);
  const url = new URL(request.url);
  const query: Partial<Record<QueryName, string>> = {};
  for (const name of queryNames) {
    const value = url.searchParams.get(name)?.trim();
    if (value !== undefined && value !== '') query[name] = value;
  }
  const parsed = parseForm(deviceQuerySchema, { ...query, pageSize: String(pageSize) });
  if (!parsed.ok) return { query, refused: parsed.refused, page: null };
  const answer = await callOps(context, request, catalogueDevicesEndpoint, {
    query: { ...query, pageSize: String(pageSize) },
  });
  if (!answer.ok) {
    if (answer.status !== 400) throw data(null, { status: answer.status });
    return { query, refused: ['q'], page: null };
  }
  return {
    query,
    refused: [] as string[],
    page: {
      ...answer.data,
      number: parsed.data.page,
      edition: parsed.data.edition,
      sort: parsed.data.sort,
      direction: parsed.data.direction,
    },
  };
}

/** The list's address with some params changed (undefined removes one). */
function withParams(
  query: Partial<Record<QueryName, string>>,
  changes: Partial<Record<QueryName, string | undefined>>,
): string {
  const params = new URLSearchParams();
  for (const name of queryNames) {
    const value = name in changes ? changes[name] : query[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const text = params.toString();
  return text === '' ? '/catalogue' : `/catalogue?${text}`;
}

/** The filters by a key: their label, an example key, and what a refused key must look like. */
const keyFilters = [
  {
    name: 'manufacturer',
    label: msg`Manufacturer (key)`,
    placeholder: 'apple',
    refusal: msg`A manufacturer key has lower-case letters, digits and hyphens.`,
  },
  {
    name: 'series',
    label: msg`Series (key)`,
    placeholder: 'iphone-13',
    refusal: msg`A series key has lower-case letters, digits and hyphens.`,
  },
] as const;

export default function CatalogueSearch({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const navigation = useNavigation();
  const { query, refused, page } = loaderData;
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/catalogue';
  const refusedSet = new Set(refused);
  const pages = page === null ? 0 : Math.max(1, Math.ceil(page.total / pageSize));
  /** A sortable column's heading: a link that sorts by it, the other way when it is the order. */
  const sortHeading = (key: 'name' | 'id' | 'price', label: string, numeric = false) => {
    const current = page?.sort === key;
    const direction = current && page?.direction === 'asc' ? 'desc' : 'asc';
    return (
      <th
        scope="col"
        className={numeric ? 'number' : undefined}
        aria-sort={current ? (page?.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      >
        <Link to={withParams(query, { sort: key, direction, page: undefined })}>
          {label}
          {current ? (page?.direction === 'asc' ? ' ▲' : ' ▼') : null}
        </Link>
      </th>
    );
  };
  return (
    <>
      <h1>
        <Trans>Catalogue and prices</Trans>
      </h1>
      <CatalogueNav />
      <search aria-label={t`Find a device`}>
        <Form method="get" className="filters">
          <label>
            <Trans>Name</Trans>
            <input
              name="q"
              type="search"
              defaultValue={query.q ?? ''}
              placeholder={t`e.g. iPhone 13`}
              aria-invalid={refusedSet.has('q') ? true : undefined}
              aria-describedby={refusedSet.has('q') ? 'q-error' : undefined}
            />
          </label>
          <label>
            <Trans>Edition</Trans>
            <select name="edition" defaultValue={query.edition ?? 'de'}>
              {catalogueEditions.map((edition) => (
                <option key={edition} value={edition}>
                  {edition.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          {keyFilters.map((filter) => (
            <label key={filter.name}>
              {i18n._(filter.label)}
              <input
                name={filter.name}
                defaultValue={query[filter.name] ?? ''}
                placeholder={filter.placeholder}
                aria-invalid={refusedSet.has(filter.name) ? true : undefined}
                aria-describedby={refusedSet.has(filter.name) ? `${filter.name}-error` : undefined}
              />
            </label>
          ))}
          <label>
            <Trans>Retired</Trans>
            <select name="retired" defaultValue={query.retired ?? ''}>
              <option value="">{t`All devices`}</option>
              <option value="false">{t`Current only`}</option>
              <option value="true">{t`Retired only`}</option>
            </select>
          </label>
          {query.sort === undefined ? null : <input type="hidden" name="sort" value={query.sort} />}
          {query.direction === undefined ? null : (
            <input type="hidden" name="direction" value={query.direction} />
          )}
          <button type="submit" className="button button--primary">
            <Trans>Search</Trans>
          </button>
        </Form>
      </search>
      {refused.length === 0 ? null : (
        <FormAlert>
          {refusedSet.has('q') ? (
            <p id="q-error">
              <Trans>The name search must be one line of at most 100 characters.</Trans>
            </p>
          ) : null}
          {keyFilters.map((filter) =>
            refusedSet.has(filter.name) ? (
              <p key={filter.name} id={`${filter.name}-error`}>
                {i18n._(filter.refusal)}
              </p>
            ) : null,
          )}
          {[...refusedSet].some((name) => !['q', 'manufacturer', 'series'].includes(name)) ? (
            <p>
              <Trans>This address has a filter, order or page that is not valid.</Trans>{' '}
              <Link to="/catalogue">
                <Trans>Show all devices</Trans>
              </Link>
            </p>
          ) : null}
        </FormAlert>
      )}
      <output className="catalogue-status" aria-busy={loading}>
        {loading ? (
          <Trans>Searching…</Trans>
        ) : page === null ? null : (
          <Trans>
            {page.total} devices found, page {page.number} of {pages}.
          </Trans>
        )}
      </output>
      {page === null ? null : page.rows.length === 0 ? (
        <p className="empty">
          <Trans>No device matches. Try part of the name, or fewer filters.</Trans>
        </p>
      ) : (
        <ScrollingTable label={t`Devices`}>
          <table className="table">
            <caption>
              <Trans>Devices with their prices in {page.edition.toUpperCase()}</Trans>
            </caption>
            <thead>
              <tr>
                {sortHeading('name', t`Device`)}
                {sortHeading('id', t`Id`, true)}
                <th scope="col">
                  <Trans>Manufacturer and series</Trans>
                </th>
                <th scope="col">
                  <Trans>Category</Trans>
                </th>
                {sortHeading('price', t`Base price`, true)}
                <th scope="col" className="number">
                  <Trans>Recycling price</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={`/catalogue/devices/${row.id}`}>{row.name}</Link>
                  </th>
                  <td className="number">{row.id}</td>
                  <td>
                    {row.manufacturer.name} · {row.series.name}
                  </td>
                  <td>{row.category.name}</td>
                  <td className="number">
                    <Price cents={row.price?.basePriceCents} />
                  </td>
                  <td className="number">
                    <Price cents={row.price?.recyclingPriceCents} />
                  </td>
                  <td>{row.retired ? <Trans>Retired</Trans> : <Trans>Current</Trans>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      {page === null || pages <= 1 ? null : (
        <nav className="pager" aria-label={t`Pages`}>
          {page.number > 1 ? (
            <Link to={withParams(query, { page: String(page.number - 1) })} rel="prev">
              <Trans>Previous page</Trans>
            </Link>
          ) : null}
          <span>
            <Trans>
              Page {page.number} of {pages}
            </Trans>
          </span>
          {page.number < pages ? (
            <Link to={withParams(query, { page: String(page.number + 1) })} rel="next">
              <Trans>Next page</Trans>
            </Link>
          ) : null}
        </nav>
      )}
    </>
  );
}
