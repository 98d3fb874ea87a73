import type { ReactNode } from 'react';
import { Form } from 'react-router';

/**
 * The page a usable mailed link leads to: opening it changes nothing (mail programs open links
 * to check them), the person acts with the one button, a form post that carries the link's token.
 */
export function LinkConfirmation({
  heading,
  lead,
  token,
  sending,
  children,
}: {
  heading: ReactNode;
  /** What the button does, in a sentence. */
  lead: ReactNode;
  token: string;
  /** A post is on its way: the button waits, so a second click sends nothing twice. */
  sending: boolean;
  /** The button's label. */
  children: ReactNode;
}) {
  return (
    <main id="main" className="page">
      {heading}
      <p className="lead">{lead}</p>
      <Form method="post" className="form">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button" disabled={sending}>
          {children}
        </button>
      </Form>
    </main>
  );
}
