import { Trans } from '@lingui/react/macro';
import { FormAlert } from './field.tsx';

/** The alert over a form whose fields were refused, pointing to the messages beside them. */
export function RefusedFieldsAlert({ refused }: { refused: ReadonlySet<string> }) {
  return refused.size > 0 ? (
    <FormAlert>
      <Trans>Some fields need another look; see the messages beside them.</Trans>
    </FormAlert>
  ) : null;
}
