import {
  addInspectionPhotoEndpoint,
  apiErrorCode,
  endpointPath,
  maxInspectionPhotoBytes,
  opsInspectionEndpoint,
  type InspectionRequest,
} from '@tradein/contract';
import type { RouterContextProvider } from 'react-router';
import { parseForm, textOf } from '../../forms.server.ts';
import { fetchOps } from '../../ops-api.server.ts';

/*
 * The inspection form as posted (with or without JavaScript): one radio group per question
 * named `finding.<QUESTION>`, an optional override in euros with its reason, the line's version.
 * Parsed here into the body of the inspection call, whose contract schema checks it.
 */

/** What the inspector chose and typed, kept to show again (a refusal, a conflict). */
export interface InspectionChoices {
  findings: Record<string, string>;
  overridePrice: string;
  overrideReason: string;
}

/** The fields a refusal names: `findings`, `overridePrice`, `overrideReason`, `version`. */
export type InspectionField = 'findings' | 'overridePrice' | 'overrideReason' | 'version';

/** The choices of a posted inspection form. */
export function choicesOf(form: FormData): InspectionChoices {
  const findings: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name.startsWith('finding.') && typeof value === 'string') {
      findings[name.slice('finding.'.length)] = value;
    }
  }
  return {
    findings,
    overridePrice: (textOf(form, 'overridePrice') ?? '').trim(),
    overrideReason: (textOf(form, 'overrideReason') ?? '').trim(),
  };
}

/** Cents of a price typed in euros ("12", "12,5", "12.50"), or undefined when it is none. */
function centsOfEuros(text: string): number | undefined {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.replace(/\s|€/g, ''));
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The body of the inspection call, or the refused fields. */
export function inspectionBodyOf(
  choices: InspectionChoices,
  version: string,
): { ok: true; body: InspectionRequest } | { ok: false; refused: InspectionField[] } {
  const refused = new Set<InspectionField>();
  let override: { priceCents: number; reason: string } | undefined;
  if (choices.overridePrice !== '') {
    const priceCents = centsOfEuros(choices.overridePrice);
    if (priceCents === undefined) refused.add('overridePrice');
    if (choices.overrideReason.length < 3 || choices.overrideReason.length > 500) {
      refused.add('overrideReason');
    }
    override = { priceCents: priceCents ?? 0, reason: choices.overrideReason };
  } else if (choices.overrideReason !== '') {
    // A reason without a price overrides nothing: the inspector meant to type one.
    refused.add('overridePrice');
  }
  const parsed = parseForm(opsInspectionEndpoint.body, {
    findings: choices.findings,
    ...(override === undefined ? {} : { override }),
    version,
  });
  if (!parsed.ok) {
    for (const field of parsed.refused) {
      if (field === 'findings' || field === 'version') refused.add(field);
      if (field === 'override') refused.add('overrideReason');
    }
  }
  if (refused.size > 0 || !parsed.ok) {
    return { ok: false, refused: refused.size > 0 ? [...refused] : ['findings'] };
  }
  return { ok: true, body: parsed.data };
}

/** Why the API refused one photo file. */
export type PhotoRefusal = 'type' | 'size' | 'limit' | 'status';

/** What sending the posted photo files did. */
export interface PhotoUploadResult {
  added: number;
  refused: { name: string; reason: PhotoRefusal }[];
}

/**
 * Sends each posted file's bytes, as they came, to the line's inspection photo call: the API
 * tells an image by its content and re-encodes it without metadata.
 */
export async function uploadInspectionPhotos(
  context: Readonly<RouterContextProvider>,
  request: Request,
  target: { tradeNumber: string; position: string },
  files: readonly File[],
  csrfToken: string | undefined,
): Promise<PhotoUploadResult | 'forbidden'> {
  const path = endpointPath(addInspectionPhotoEndpoint, target);
  const result: PhotoUploadResult = { added: 0, refused: [] };
  for (const file of files) {
    const name = file.name === '' ? 'photo' : file.name;
    if (file.size > maxInspectionPhotoBytes) {
      result.refused.push({ name, reason: 'size' });
      continue;
    }
    const answer = await fetchOps(context, request, path, {
      method: 'POST',
      headers: {
        'content-type': file.type.startsWith('image/') ? file.type : 'application/octet-stream',
        ...(csrfToken === undefined ? {} : { 'x-csrf-token': csrfToken }),
      },
      body: new Uint8Array(await file.arrayBuffer()),
    });
    if (answer.ok) {
      result.added += 1;
      continue;
    }
    if (answer.status === 401 || answer.status === 403) return 'forbidden';
    const code = await answer
      .json()
      .then((json: { error?: { code?: string } }) => json.error?.code)
      .catch(() => undefined);
    result.refused.push({
      name,
      reason:
        answer.status === 413 || code === apiErrorCode.photoTooLarge
          ? 'size'
          : code === apiErrorCode.photoLimit
            ? 'limit'
            : code === apiErrorCode.invalidStatus
              ? 'status'
              : 'type',
    });
  }
  return result;
}
