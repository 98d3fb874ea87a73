import { honeypotFieldName } from './components/honeypot-field.tsx';

/**
 * Whether a post of a public form filled its honeypot (components/honeypot-field.tsx): a bot's.
 * Its action then answers exactly as a success and stores and sends nothing, so the bot learns
 * nothing to adapt to.
 */
export function filledHoneypot(form: FormData): boolean {
  const value = form.get(honeypotFieldName);
  return value !== null && value !== '';
}
