import type { EditionConfig } from '../edition-config-schema.ts';

/** The help widget's contact subjects in German: Austria and Germany offer the same ten. */
export const germanContactSubjects: EditionConfig['helpWidget']['contactSubjects'] = [
  { key: 'deviceSearch', label: 'Ich finde mein Gerät nicht' },
  { key: 'offerPrice', label: 'Ankaufspreis und Angebot' },
  { key: 'shippingLabel', label: 'Versandetikett und Versand' },
  { key: 'tradeStatus', label: 'Status meines Ankaufs' },
  { key: 'payout', label: 'Auszahlung' },
  { key: 'clarification', label: 'Rückfrage zu meinem Gerät' },
  { key: 'returnDevice', label: 'Rücksendung meines Geräts' },
  { key: 'account', label: 'Kundenkonto' },
  { key: 'dataErasure', label: 'Datenlöschung' },
  { key: 'other', label: 'Sonstiges' },
];
