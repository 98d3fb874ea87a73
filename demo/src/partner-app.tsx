// A partner's own React application on the hostile demo page: real React 19 beside the widget's
// Preact. It renders <tradein-widget> in its own tree and routes on the widget's events, as a
// partner's single-page app would.
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'tradein-widget': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        edition: string;
        mode?: string;
        partner?: string;
      };
    }
  }
}

/** The partner's page chrome, the widget, and the shop paths the widget asked to route to. */
function PartnerApp() {
  const widget = useRef<HTMLElement>(null);
  const [paths, setPaths] = useState<readonly string[]>([]);
  useEffect(() => {
    const element = widget.current;
    if (element === null) return undefined;
    const onNavigate = (event: Event) => {
      const { path } = (event as CustomEvent<{ path: string }>).detail;
      setPaths((previous) => [...previous, path]);
    };
    element.addEventListener('tradein:navigate', onNavigate);
    return () => element.removeEventListener('tradein:navigate', onNavigate);
  }, []);
  return (
    <div className="partner-app">
      <p className="partner-brand">Musterhandel: ein eigener React-Shop</p>
      <tradein-widget ref={widget} edition="de" mode="b2bWidget" partner="musterhandel" />
      <p id="partner-steps-label">Schritte im Widget</p>
      <ol className="partner-steps" aria-labelledby="partner-steps-label">
        {paths.map((path, index) => (
          <li key={`${index}:${path}`}>{path}</li>
        ))}
      </ol>
    </div>
  );
}

const container = document.getElementById('partner-app');
if (container === null) throw new Error('the page has no #partner-app');
createRoot(container).render(
  <StrictMode>
    <PartnerApp />
  </StrictMode>,
);
