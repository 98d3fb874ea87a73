/** A catalogue text (plain text from the trade API) as paragraphs; React escapes it. */
export function CatalogueText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return (
    <div className="catalogue-text">
      {paragraphs.map((paragraph, index) => (
        // The paragraphs of one text never reorder: their position is their identity.
        // eslint-disable-next-line react/no-array-index-key
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
