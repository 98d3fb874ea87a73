/** Resolves a catalogue image reference (root-relative on the API, or absolute) to a URL. */
export function catalogueImageUrl(apiBase: string, reference: string): string {
  return new URL(reference, apiBase).href;
}

export interface CatalogueImageProps {
  /** The element's `api-base`: root-relative images live on the trade API's origin. */
  apiBase: string;
  /** The image reference of the entry; `null` shows a neutral placeholder of the same size. */
  reference: string | null;
  /** Text alternative; empty when the name is shown beside the image anyway. */
  alt: string;
}

/**
 * A catalogue thumbnail with its size fixed in the markup (48 × 48), so lists never jump when
 * images arrive. Shared by the search results and the browse lists.
 */
export function CatalogueImage({ apiBase, reference, alt }: CatalogueImageProps) {
  if (reference === null) return <span className="thumb thumb-placeholder" aria-hidden="true" />;
  return (
    <img
      className="thumb"
      part="thumbnail"
      src={catalogueImageUrl(apiBase, reference)}
      width={48}
      height={48}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}
