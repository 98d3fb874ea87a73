import { Trans } from '@lingui/react/macro';
import { passwordSchema } from '@tradein/contract';

/** How strong a password is, 0 (nothing yet) to 4; below 2 the contract refuses it. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (password === '') return 0;
  if (!passwordSchema.safeParse(password).success) return 1;
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}\s]/u].filter((pattern) =>
    pattern.test(password),
  ).length;
  if (password.length >= 14 && classes >= 3) return 4;
  if (password.length >= 12 || classes >= 3) return 3;
  return 2;
}

/**
 * The strength meter under a new password: a bar and a word, read out politely as the customer
 * types. It only guides: the contract's rules decide what is accepted.
 */
export function PasswordStrength({ id, password }: { id: string; password: string }) {
  const strength = passwordStrength(password);
  const words = [
    <Trans key="0">Type a password</Trans>,
    <Trans key="1">Too weak: not accepted yet</Trans>,
    <Trans key="2">Fair</Trans>,
    <Trans key="3">Good</Trans>,
    <Trans key="4">Strong</Trans>,
  ];
  return (
    <div className="password-meter">
      <meter
        id={id}
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={strength}
        aria-hidden="true"
      />
      <p className="field-hint" aria-live="polite">
        <Trans>Password strength:</Trans> {words[strength]}
      </p>
    </div>
  );
}
