import type { I18n, MessageDescriptor } from '@lingui/core';

/** The refused fields of a form's answer, and the message to show beside each of them. */
export function fieldErrorsOf<Name extends string>(
  i18n: I18n,
  refusedNames: readonly string[] | undefined,
  messages: Readonly<Record<Name, MessageDescriptor>>,
) {
  const refused = new Set(refusedNames ?? []);
  const error = (field: Name) => (refused.has(field) ? i18n._(messages[field]) : undefined);
  return { refused, error };
}
