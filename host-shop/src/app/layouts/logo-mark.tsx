/**
 * The shop's mark: a phone inside a returning arrow (a device going round to its next owner),
 * drawn in the brand colour of the edition's look (agan's green in its modes). Decorative: the
 * link around it is named by the brand. `public/favicon.svg` is the same drawing.
 */
export function LogoMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <rect width="32" height="32" rx="9" className="brand__mark-tile" />
      <path
        d="M24.9 14.4A9 9 0 1 1 19.1 7.5"
        className="brand__mark-line"
        fill="none"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path d="M20 4.9l2.2 3.8-4.1 1.5z" className="brand__mark-fill" />
      <rect x="12.8" y="10.5" width="6.4" height="11" rx="1.6" className="brand__mark-fill" />
    </svg>
  );
}
