import type { Mailer } from '../mail/mailer.ts';

/**
 * The mail functions log a refused mail in `mail_log` and answer false; a job needs the reason,
 * to keep it and to try again. This mailer remembers what the real one threw.
 */
function watchedMailer(mailer: Mailer): { mailer: Mailer; failure: () => unknown } {
  let failure: unknown;
  return {
    mailer: {
      async send(message) {
        try {
          return await mailer.send(message);
        } catch (error) {
          failure = error;
          throw error;
        }
      },
      close: () => mailer.close(),
    },
    failure: () => failure,
  };
}

/**
 * Sends one mail through `send` (one of the logged mail functions); a refused mail fails the
 * job's attempt with the mailer's error, so the job is tried again later.
 */
export async function sendOrThrow(
  mailer: Mailer,
  send: (watched: Mailer) => Promise<boolean>,
): Promise<void> {
  const watched = watchedMailer(mailer);
  if (await send(watched.mailer)) return;
  const failure = watched.failure();
  throw failure instanceof Error ? failure : new Error('The mail was not sent (see mail_log)');
}
