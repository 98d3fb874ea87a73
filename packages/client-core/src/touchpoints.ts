import { touchpointParameters } from '@tradein/editions/client';
import type { TouchpointParams } from '@tradein/contract';

// Query values come from any link on the web; keep what is sent to the tracking backend bounded
// (the contract's limit for a touchpoint value).
const MAX_VALUE_LENGTH = 500;

/**
 * Reads the touchpoint parameters of spec §9 (gclid, msclkid, fbclid, dyntr, ctb, utm_source,
 * utm_medium, utm_campaign, utm_id, belboon, awc) from a URL. Blank values are ignored; a URL
 * that cannot be parsed has no touchpoints.
 */
export function readTouchpoints(url: string | URL): TouchpointParams {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return {};
  }
  const found: TouchpointParams = {};
  for (const name of touchpointParameters) {
    const value = parsed.searchParams.get(name);
    if (value !== null && value.trim() !== '') {
      found[name] = value.slice(0, MAX_VALUE_LENGTH);
    }
  }
  return found;
}

/** True when at least one touchpoint parameter was found. */
export function hasTouchpoints(touchpoints: TouchpointParams): boolean {
  return Object.values(touchpoints).some((value) => value !== undefined);
}
