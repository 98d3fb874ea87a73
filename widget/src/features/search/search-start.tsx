import { Trans } from '@lingui/react/macro';
import type { FormEvent } from 'react';

// Ids are scoped by the shadow root, so fixed ids cannot clash between two elements.
const inputId = 'tradein-search-input';
const hintId = 'tradein-search-hint';
const resultsId = 'tradein-search-results';

function keepOnPage(event: FormEvent<HTMLFormElement>): void {
  // Enter in the box must never submit the host page or reload it.
  event.preventDefault();
}

/**
 * The first screen: a heading and the device search box. The box is labelled and is already a
 * collapsed combobox with its (empty, hidden) list box; the search itself fills it later.
 */
export function SearchStart() {
  return (
    <section className="root" part="root" aria-labelledby="tradein-heading">
      <h2 className="heading" part="heading" id="tradein-heading">
        <Trans>Sell your used device</Trans>
      </h2>
      <search className="search" part="search">
        <form onSubmit={keepOnPage}>
          <label className="label" part="label" htmlFor={inputId}>
            <Trans>Which device do you want to sell?</Trans>
          </label>
          <input
            className="input"
            part="input"
            id={inputId}
            type="text"
            role="combobox"
            aria-expanded="false"
            aria-controls={resultsId}
            aria-autocomplete="list"
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
          />
          <span className="hint" part="hint" id={hintId}>
            <Trans>Type the model, for example “iPhone 13” or “Galaxy S23”.</Trans>
          </span>
          {/* The result list the box controls: empty and hidden until search is wired in. */}
          {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- results will be rich options (image, name, variant) that <datalist> cannot show */}
          <div className="results" part="results" id={resultsId} role="listbox" hidden />
        </form>
      </search>
    </section>
  );
}
