import { createHash } from 'node:crypto';

/*
 * Validators of answers that are built per request (pages, robots.txt, the sitemap): the entity
 * tag of what is sent, so that a client holding the same answer gets a 304 without the body.
 */

/** A weak entity tag of a text: equal texts, equal tags. */
export function entityTag(text: string): string {
  return `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;
}

/** A tag without its weakness mark: weak comparison looks at this part only. */
function opaqueTag(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** Whether an `If-None-Match` header names the tag (`*` names any; compared weakly, RFC 9110). */
export function namesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || opaqueTag(trimmed) === opaqueTag(tag);
  });
}
