import { getEdition, thirdPartyTools, type ThirdPartyTool } from '@tradein/editions';
import type { Site } from '../site.ts';
import { legalDetails } from './legal-details.server.ts';
import { countryName, phoneLink, type PhoneLink } from './legal-format.server.ts';

/**
 * Blocks a content page's Markdown places with a paragraph of its own (`[[imprint]]`): the
 * parts of legal pages that come from the edition configuration, not from the text.
 */
export const legalBlocks = ['imprint', 'controller', 'address', 'third-party-tools'] as const;

/** One of {@link legalBlocks}. */
export type LegalBlock = (typeof legalBlocks)[number];

/** A piece of a content page: rendered Markdown, or a block from the configuration. */
export type PageSegment =
  | { readonly kind: 'html'; readonly html: string }
  | { readonly kind: 'block'; readonly block: LegalBlock };

const marker = /<p>\[\[([a-z-]+)\]\]<\/p>\n?/g;

function isLegalBlock(name: string): name is LegalBlock {
  return legalBlocks.some((block) => block === name);
}

/**
 * Splits a page's rendered Markdown at its block markers. Throws on an unknown marker, so a
 * misspelt one fails the content test instead of showing "[[…]]" to visitors.
 */
export function pageSegments(html: string): PageSegment[] {
  const segments: PageSegment[] = [];
  let start = 0;
  for (const match of html.matchAll(marker)) {
    const name = match[1] ?? '';
    if (!isLegalBlock(name)) throw new Error(`unknown content block [[${name}]]`);
    if (match.index > start) segments.push({ kind: 'html', html: html.slice(start, match.index) });
    segments.push({ kind: 'block', block: name });
    start = match.index + match[0].length;
  }
  if (start < html.length) segments.push({ kind: 'html', html: html.slice(start) });
  return segments;
}

/** The imprint as the page shows it: address lines, register entry, contact. */
export interface ImprintView {
  readonly companyName: string;
  /** Street, postal code and city, country: one line each. */
  readonly addressLines: readonly string[];
  readonly managingDirectors: readonly string[];
  readonly registerCourt: string;
  readonly registerNumber: string;
  readonly vatId: string;
  readonly email: string;
  readonly phone: PhoneLink;
}

/** A third-party tool as the privacy policy names it (purpose texts are the page's own). */
export type ToolView = Pick<ThirdPartyTool, 'id' | 'provider' | 'privacyPolicyUrl' | 'purpose'>;

/** What the blocks of a content page show; only the blocks the page uses are filled. */
export interface LegalBlockData {
  readonly imprint?: ImprintView;
  readonly tools?: readonly ToolView[];
}

/** The configuration's data for the blocks a page uses, for the request's edition and mode. */
export function legalBlockData(site: Site, segments: readonly PageSegment[]): LegalBlockData {
  const blocks = new Set(
    segments.flatMap((segment) => (segment.kind === 'block' ? [segment.block] : [])),
  );
  const data: { imprint?: ImprintView; tools?: ToolView[] } = {};
  if (blocks.has('imprint') || blocks.has('controller') || blocks.has('address')) {
    const { imprint } = legalDetails(site.edition);
    data.imprint = {
      companyName: imprint.companyName,
      addressLines: [
        imprint.streetAddress,
        `${imprint.postalCode} ${imprint.city}`,
        countryName(imprint.country, site.language),
      ],
      managingDirectors: imprint.managingDirectors,
      registerCourt: imprint.registerCourt,
      registerNumber: imprint.registerNumber,
      vatId: imprint.vatId,
      email: imprint.email,
      phone: phoneLink(imprint.phone),
    };
  }
  if (blocks.has('third-party-tools')) {
    data.tools = thirdPartyTools(getEdition(site.edition), site.shopMode).map((tool) => ({
      id: tool.id,
      provider: tool.provider,
      privacyPolicyUrl: tool.privacyPolicyUrl,
      purpose: tool.purpose,
    }));
  }
  return data;
}
