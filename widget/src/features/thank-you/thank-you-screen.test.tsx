import { I18nProvider } from '@lingui/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWidgetI18n } from '../../i18n/load-catalog.ts';
import { createFlow } from '../../shared/flow.ts';
import { lazyApiClient } from '../../shared/lazy-api-client.ts';
import { WidgetServicesContext, type WidgetServices } from '../../shared/widget-services.tsx';
import { ThankYouScreen } from './thank-you-screen.tsx';

const thankYouCatalogs = import.meta.glob<{ messages: Record<string, string> }>('./locales/*.po');

let mounted: Root | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** A French trade as the trade API answers its owner, with what comes after the sale. */
const frenchTrade = {
  tradeId: 41,
  tradeNumber: 'T-2026-000041',
  edition: 'fr',
  status: 'created',
  shopMode: 'default',
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  currency: 'EUR',
  itemsTotalCents: 20_000,
  voucher: null,
  taxCents: 0,
  shippingCents: 0,
  totalCents: 20_000,
  paymentType: 13,
  items: [],
  clarification: null,
  events: [],
  labelPath: '/api/trade/trades/T-2026-000041/label.pdf',
  afterSale: {
    shipBy: '2026-03-16T09:00:00.000Z',
    preparation: [
      {
        kind: 'smartphones',
        heading: 'Smartphones',
        steps: ['Désactivez « Localiser ».', 'Retirez la carte SIM.'],
      },
      { kind: 'laptops', heading: 'Ordinateurs portables', steps: ['Déconnectez iCloud.'] },
    ],
    payout: { method: 'sepa', ibanLast4: '1234' },
    payoutBusinessDays: 5,
    statusUrl: 'http://fr.localhost:8080/trade/status?token=a.b.c',
    contact: { pageUrl: 'http://fr.localhost:8080/contact', email: 'service@tradein.fr' },
  },
};

/** The thank-you screen of a French element whose API answers the trade with `tradeAnswer`. */
async function renderThankYou(tradeAnswer: () => Response) {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:label');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const fetchAnswers = vi.fn<typeof fetch>(async (input) =>
    String(input).endsWith('/label.pdf')
      ? new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        })
      : tradeAnswer(),
  );
  const i18n = await createWidgetI18n('fr');
  const loadCatalog = thankYouCatalogs['./locales/fr.po'];
  if (loadCatalog === undefined) throw new Error('no thank-you catalog for fr');
  i18n.load('fr', (await loadCatalog()).messages);
  const config: WidgetServices['config'] = {
    edition: 'fr',
    mode: 'default',
    apiBase: 'https://api.example',
    category: undefined,
    device: undefined,
    partner: undefined,
    step: undefined,
  };
  const container = document.createElement('div');
  document.body.append(container);
  mounted = createRoot(container);
  flushSync(() =>
    mounted?.render(
      <I18nProvider i18n={i18n}>
        <WidgetServicesContext.Provider
          value={{
            config,
            host: undefined,
            flow: createFlow(),
            api: lazyApiClient({
              baseUrl: config.apiBase,
              environment: 'production',
              fetch: fetchAnswers,
              auth: { accessToken: async () => 'token' },
            }),
            tracker: { track: () => undefined },
          }}
        >
          <ThankYouScreen tradeNumber="T-2026-000041" />
        </WidgetServicesContext.Provider>
      </I18nProvider>,
    ),
  );
  return { container, fetchAnswers };
}

/** Waits until `find` finds something in the container. */
async function eventually<T>(find: () => T | undefined | null): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = find();
    if (found !== undefined && found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('not found in time');
}

function linkNamed(container: HTMLElement, name: string): HTMLAnchorElement | undefined {
  return [...container.querySelectorAll('a')].find((link) => link.textContent?.trim() === name);
}

function headingNamed(container: HTMLElement, name: string): HTMLElement | undefined {
  return [...container.querySelectorAll<HTMLElement>('h3, h4')].find(
    (heading) => heading.textContent?.trim() === name,
  );
}

describe('the thank-you screen after a sale', () => {
  it('names the ship-by date, the preparation per kind of device, the payout, the status page and the contact', async () => {
    const { container, fetchAnswers } = await renderThankYou(
      () => new Response(JSON.stringify(frenchTrade), { status: 200 }),
    );
    const statusLink = await eventually(() =>
      linkNamed(container, 'Voir où en est votre vente (sans connexion)'),
    );
    expect(statusLink.href).toBe('http://fr.localhost:8080/trade/status?token=a.b.c');
    expect(container.textContent).toContain('16/03/26');
    // One section per kind, named by its heading, with its steps.
    const phones = container.querySelector('section[aria-label="Smartphones"]');
    expect([...(phones?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual([
      'Désactivez « Localiser ».',
      'Retirez la carte SIM.',
    ]);
    expect(headingNamed(container, 'Ordinateurs portables')).toBeDefined();
    expect(container.textContent).toContain('1234');
    expect(linkNamed(container, 'service@tradein.fr')?.href).toBe('mailto:service@tradein.fr');
    expect(linkNamed(container, 'page de contact')?.href).toBe('http://fr.localhost:8080/contact');
    expect(headingNamed(container, 'Effacez vos données')).toBeUndefined();
    const [tradeUrl, init] =
      fetchAnswers.mock.calls.find(([url]) => !String(url).endsWith('.pdf')) ?? [];
    expect(String(tradeUrl)).toBe('https://api.example/api/trade/trades/T-2026-000041');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token');
  });

  it('keeps the general tips when the trade cannot be read', async () => {
    const { container } = await renderThankYou(() => new Response('{}', { status: 404 }));
    await eventually(() => (container.querySelector('a[download]') === null ? null : true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(headingNamed(container, 'Effacez vos données')).toBeDefined();
    expect(linkNamed(container, 'Voir où en est votre vente (sans connexion)')).toBeUndefined();
  });
});
