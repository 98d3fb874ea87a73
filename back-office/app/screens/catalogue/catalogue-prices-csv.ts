import { data } from 'react-router';
import { passOnFile } from '../../ops-api.server.ts';
import { requireStaffSession } from '../../staff-session.server.ts';
import { priceListCsv } from './catalogue-api.server.ts';
import { isCatalogueEdition } from './catalogue-parts.tsx';
import type { Route } from './+types/catalogue-prices-csv';

/**
 * The price list's CSV as a download (`/catalogue/prices.csv?edition=de`): the API's file,
 * streamed through with its type and name (the API names it `prices-de.csv`).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffSession(context, request, ['pricing']);
  const edition = new URL(request.url).searchParams.get('edition') ?? undefined;
  if (edition !== undefined && !isCatalogueEdition(edition)) throw data(null, { status: 404 });
  const answer = await priceListCsv(context, request, edition);
  if (!answer.ok || answer.body === null) throw data(null, { status: answer.status });
  return passOnFile(answer, { cacheControl: 'no-store', types: /^text\/csv$/ });
}
