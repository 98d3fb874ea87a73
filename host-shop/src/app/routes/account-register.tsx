import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiHttpStatus } from '@tradein/client-core';
import {
  activateRegistrationEndpoint,
  buildRegistrationBody,
  registerEndpoint,
  resendActivationEndpoint,
  type RegistrationPayment,
} from '@tradein/contract';
import { editionCodes, getEdition, type EditionCode } from '@tradein/editions';
import { defaultPaymentType, payPalPaymentMethod } from '@tradein/editions/client';
import { useId, useState, type ReactNode } from 'react';
import {
  data,
  Form,
  Link,
  useNavigate,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AddressFields } from '../account/address-fields.tsx';
import { accountPaths } from '../account/account-paths.server.ts';
import { TextField } from '../account/form-field.tsx';
import {
  accountHolderError,
  addressBody,
  addressErrors,
  bicError,
  electronicIban,
  emailError,
  hasErrors,
  ibanError,
  newPasswordError,
  readAddress,
  textOf,
  type AddressValues,
  type FieldErrors,
} from '../account/form-rules.ts';
import { LoginForm } from '../account/login-form.tsx';
import { PasswordStrength } from '../account/password-strength.tsx';
import { useHydrated } from '../account/use-hydrated.ts';
import { RefusedLink } from '../components/refused-link.tsx';
import { readForm } from '../form-data.server.ts';
import { screenOf } from '../screen.server.ts';
import { pageMeta, pageSeo } from '../seo.ts';

/** How the new customer wants to be paid; `later` registers without a payout account. */
type PayoutChoice = 'later' | 'sepa' | 'paypal';
const payoutChoices: readonly PayoutChoice[] = ['later', 'sepa', 'paypal'];

/** The fields of the registration form besides the address. */
type RegistrationField =
  | keyof AddressValues
  | 'email'
  | 'password'
  | 'locale'
  | 'accountHolder'
  | 'iban'
  | 'bic'
  | 'paypalEmail';

/** What the form sends back after a refusal: every value but the password. */
type RegistrationValues = Partial<Record<Exclude<RegistrationField, 'password'>, string>> & {
  payout?: PayoutChoice;
};

type RegisterResult =
  | { kind: 'activation'; activated: boolean }
  | { kind: 'registered'; email: string }
  | { kind: 'refused'; errors: FieldErrors<RegistrationField>; values: RegistrationValues }
  | { kind: 'busy'; values: RegistrationValues }
  | { kind: 'resent'; email: string }
  | { kind: 'resendRefused'; email: string };

/** The token of an activation link, or undefined when the value cannot be one. */
function activationToken(value: unknown): string | undefined {
  const parsed = activateRegistrationEndpoint.headers?.safeParse({ token: value });
  return parsed?.success === true ? parsed.data.token : undefined;
}

/** The languages a customer may choose for mails: one per edition, named in the page's language. */
function localeOptions(language: string, edition: EditionCode) {
  const names = new Intl.DisplayNames([language], { type: 'language' });
  return {
    current: getEdition(edition).icuLocale,
    options: editionCodes.map((code) => {
      const locale = getEdition(code).icuLocale;
      return { locale, label: names.of(locale) ?? locale };
    }),
  };
}

/**
 * `/account/register`: the registration form, and with `?token=` the page behind the activation
 * link. Opening the link changes nothing (mail programs open links to check them); the customer
 * activates with the button. Both are plain form posts.
 */
export function loader(args: LoaderFunctionArgs) {
  const { request, i18n } = screenOf(args, ['accountRegister']);
  const query = new URL(args.request.url).searchParams;
  const hasLink = query.has('token');
  return {
    seo: pageSeo(request, {
      route: 'accountRegister',
      title: i18n._(hasLink ? msg`Activate your account` : msg`Create your customer account`),
      description: i18n._(
        hasLink
          ? msg`Activate your customer account with the link from your e-mail.`
          : msg`Register to follow your trades and sell faster next time.`,
      ),
      noIndex: true,
    }),
    hasLink,
    token: activationToken(query.get('token')) ?? null,
    edition: request.site.edition,
    locales: localeOptions(request.site.language, request.site.edition),
    paths: accountPaths(request.site.edition),
  };
}

/** The payout of a registration, checked; errors go to the fields of the chosen method. */
function readPayout(
  form: FormData,
  errors: FieldErrors<RegistrationField>,
): RegistrationPayment | null {
  const choice = form.get('payout');
  if (choice === 'sepa') {
    const accountHolder = textOf(form, 'accountHolder');
    const iban = textOf(form, 'iban');
    const bic = textOf(form, 'bic').toUpperCase();
    const holderError = accountHolderError(accountHolder);
    if (holderError !== undefined) errors.accountHolder = holderError;
    const ibanProblem = ibanError(iban);
    if (ibanProblem !== undefined) errors.iban = ibanProblem;
    const bicProblem = bicError(bic);
    if (bicProblem !== undefined) errors.bic = bicProblem;
    return {
      paymentType: defaultPaymentType,
      paypalAccount: null,
      bankAccount: {
        accountHolder,
        iban: electronicIban(iban),
        ...(bic === '' ? {} : { bic }),
      },
    };
  }
  if (choice === 'paypal') {
    const email = textOf(form, 'paypalEmail').toLowerCase();
    const problem = emailError(email);
    if (problem !== undefined) errors.paypalEmail = problem;
    return { paymentType: payPalPaymentMethod, paypalAccount: { email }, bankAccount: null };
  }
  return null;
}

/** The values to show again after a refusal (never the password). */
function valuesOf(form: FormData): RegistrationValues {
  const choice = form.get('payout');
  return {
    ...readAddress(form),
    email: textOf(form, 'email'),
    locale: textOf(form, 'locale'),
    accountHolder: textOf(form, 'accountHolder'),
    iban: textOf(form, 'iban'),
    bic: textOf(form, 'bic'),
    paypalEmail: textOf(form, 'paypalEmail'),
    payout: payoutChoices.find((value) => value === choice) ?? 'later',
  };
}

/** The form field an API refusal names (`Address.zip` → `zip`), if the form has it. */
function fieldOfApiError(field: string | undefined): RegistrationField | undefined {
  const last = field?.split('.').at(-1);
  const known: readonly RegistrationField[] = [
    'salutation',
    'firstName',
    'lastName',
    'company',
    'street',
    'houseNumber',
    'addressAddition',
    'zip',
    'city',
    'email',
    'password',
    'locale',
    'accountHolder',
    'iban',
    'bic',
  ];
  if (field?.startsWith('Payment.paypalAccount') === true) return 'paypalEmail';
  return known.find((name) => name === last);
}

async function register(args: ActionFunctionArgs, form: FormData) {
  const { request } = screenOf(args, ['accountRegister']);
  const edition = request.site.edition;
  const values = valuesOf(form);
  const address = readAddress(form);
  const errors: FieldErrors<RegistrationField> = { ...addressErrors(address, edition) };
  const email = textOf(form, 'email').toLowerCase();
  const emailProblem = emailError(email);
  if (emailProblem !== undefined) errors.email = emailProblem;
  const password = form.get('password');
  const passwordText = typeof password === 'string' ? password : '';
  const passwordProblem = newPasswordError(passwordText);
  if (passwordProblem !== undefined) errors.password = passwordProblem;
  const locale = textOf(form, 'locale');
  if (!editionCodes.some((code) => getEdition(code).icuLocale === locale))
    errors.locale = 'invalid';
  const payment = readPayout(form, errors);
  if (hasErrors(errors)) {
    return data<RegisterResult>({ kind: 'refused', errors, values }, { status: 400 });
  }
  const body = buildRegistrationBody({
    firstName: address.firstName,
    lastName: address.lastName,
    email,
    password: passwordText,
    locale,
    address: addressBody(address, edition),
    payment,
  });
  try {
    await request.visitorApi().call(registerEndpoint, { body });
  } catch (error) {
    const status = apiHttpStatus(error);
    if (status === 429) return data<RegisterResult>({ kind: 'busy', values }, { status: 429 });
    if (status === 400) {
      const field = fieldOfApiError(
        (error as { body?: { error?: { field?: string } } }).body?.error?.field,
      );
      return data<RegisterResult>(
        { kind: 'refused', errors: { [field ?? 'email']: 'invalid' }, values },
        { status: 400 },
      );
    }
    throw error;
  }
  return data<RegisterResult>({ kind: 'registered', email });
}

async function resend(args: ActionFunctionArgs, form: FormData) {
  const { request } = screenOf(args, ['accountRegister']);
  const email = textOf(form, 'email').toLowerCase();
  if (emailError(email) !== undefined) {
    return data<RegisterResult>({ kind: 'resendRefused', email }, { status: 400 });
  }
  try {
    await request.visitorApi().call(resendActivationEndpoint, {
      body: { email, lang: getEdition(request.site.edition).language },
    });
  } catch (error) {
    if (apiHttpStatus(error) !== 429) throw error;
  }
  // The same answer whether or not the address waits for activation.
  return data<RegisterResult>({ kind: 'resent', email });
}

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  const intent = form.get('intent');
  if (intent === 'register') return register(args, form);
  if (intent === 'resend') return resend(args, form);
  const { request } = screenOf(args, ['accountRegister']);
  const token = activationToken(form.get('token'));
  if (token === undefined) {
    return data<RegisterResult>({ kind: 'activation', activated: false }, { status: 400 });
  }
  const answer = await request
    .visitorApi()
    .call(activateRegistrationEndpoint, { body: {}, headers: { token } });
  return data<RegisterResult>(
    { kind: 'activation', activated: answer.activated },
    { status: answer.activated ? 200 : 400 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => pageMeta(loaderData?.seo);

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** Asks for a new activation link; the answer never tells whether the address has an account. */
function ResendActivation({ email, refused }: { email?: string | undefined; refused?: boolean }) {
  const { t } = useLingui();
  const formId = useId();
  const sending = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby={`${formId}-title`} id="resend-activation">
      <h2 id={`${formId}-title`}>
        <Trans>No activation mail?</Trans>
      </h2>
      <p>
        <Trans>
          Look in your spam folder first. Or enter your e-mail address and we send you a new link,
          valid for 48 hours.
        </Trans>
      </p>
      <Form method="post" className="inline-form" noValidate aria-label={t`New activation link`}>
        <input type="hidden" name="intent" value="resend" />
        <TextField
          formId={formId}
          name="email"
          type="email"
          label={<Trans>E-mail address</Trans>}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          maxLength={254}
          defaultValue={email}
          error={refused === true ? 'email' : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={sending}>
          <Trans>Send a new link</Trans>
        </button>
      </Form>
    </section>
  );
}

function ActivationPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData: RegisterResult | undefined;
}) {
  const { token, paths } = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const sending = useNavigation().state === 'submitting';
  const heading = (
    <h1>
      <Trans>Activate your account</Trans>
    </h1>
  );
  if (actionData?.kind === 'activation' && actionData.activated) {
    return (
      <main id="main" className="page">
        {heading}
        <output className="notice notice--success">
          <Trans>
            Your customer account is active. The trades you sold with it are kept there. Log in to
            see them.
          </Trans>
        </output>
        {hydrated ? (
          <LoginForm
            registerPath={paths.register}
            forgotPath={paths.passwordForgot}
            onLoggedIn={() => void navigate(paths.overview)}
          />
        ) : (
          <p>
            <Link className="button" to={paths.overview}>
              <Trans>Log in</Trans>
            </Link>
          </p>
        )}
      </main>
    );
  }
  if (actionData?.kind === 'resent' || actionData?.kind === 'resendRefused') {
    return <ResentPage heading={heading} result={actionData} />;
  }
  if ((actionData?.kind === 'activation' && !actionData.activated) || token === null) {
    return (
      <RefusedLink heading={heading} contactPath={paths.contact} after={<ResendActivation />}>
        <Trans>
          This activation link is invalid or has been used already. If your account is active, log
          in. If not, ask for a new link below.
        </Trans>
      </RefusedLink>
    );
  }
  return (
    <main id="main" className="page">
      {heading}
      <p className="lead">
        <Trans>Activate your customer account to log in and follow your trades.</Trans>
      </p>
      <Form method="post" className="form">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button" disabled={sending}>
          <Trans>Activate my account</Trans>
        </button>
      </Form>
    </main>
  );
}

function ResentPage({
  heading,
  result,
}: {
  heading: ReactNode;
  result: Extract<RegisterResult, { kind: 'resent' | 'resendRefused' }>;
}) {
  const { email } = result;
  return (
    <main id="main" className="page">
      {heading}
      {result.kind === 'resent' ? (
        <output className="notice notice--success">
          <Trans>
            If {email} has an account waiting for activation, a new link is on its way. It is valid
            for 48 hours.
          </Trans>
        </output>
      ) : null}
      <ResendActivation email={email} refused={result.kind === 'resendRefused'} />
    </main>
  );
}

/** The registration form (a plain form post; JavaScript adds the strength meter and guards). */
function RegistrationForm({
  loaderData,
  refused,
}: {
  loaderData: LoaderData;
  refused: Extract<RegisterResult, { kind: 'refused' | 'busy' }> | undefined;
}) {
  const { t } = useLingui();
  const formId = useId();
  const { locales, paths } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [password, setPassword] = useState('');
  const errors = refused?.kind === 'refused' ? refused.errors : {};
  const values = refused?.values ?? {};
  const payout = values.payout ?? 'later';
  return (
    <Form
      method="post"
      className="form"
      noValidate
      aria-label={t`Create your customer account`}
      onSubmit={(event) => {
        // One registration per click, however often the button is pressed.
        if (sending) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="register" />
      {refused?.kind === 'busy' ? (
        <p className="notice notice--error" role="alert">
          <Trans>Too many registrations from your connection. Please try again in an hour.</Trans>
        </p>
      ) : null}
      {refused?.kind === 'refused' ? (
        <p className="notice notice--error" role="alert">
          <Trans>Some fields need your attention. Each one says what to change.</Trans>
        </p>
      ) : null}
      <fieldset>
        <legend>
          <Trans>Your login</Trans>
        </legend>
        <TextField
          formId={formId}
          name="email"
          type="email"
          label={<Trans>E-mail address</Trans>}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          maxLength={254}
          error={errors.email}
          defaultValue={values.email}
        />
        <TextField
          formId={formId}
          name="password"
          type="password"
          label={<Trans>Password</Trans>}
          autoComplete="new-password"
          error={errors.password}
          hint={
            <Trans>
              Use at least 8 characters, with at least one letter and one digit or symbol.
            </Trans>
          }
          onInput={setPassword}
        />
        <PasswordStrength id={`${formId}-strength`} password={password} />
        <div className="field">
          <label htmlFor={`${formId}-locale`}>
            <Trans>Language of our e-mails</Trans>
          </label>
          <select
            id={`${formId}-locale`}
            name="locale"
            defaultValue={values.locale ?? locales.current}
            aria-invalid={errors.locale === undefined ? undefined : true}
          >
            {locales.options.map((option) => (
              <option key={option.locale} value={option.locale}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Your address (printed on your shipping labels)</Trans>
        </legend>
        <AddressFields formId={formId} errors={errors} values={values} />
      </fieldset>
      <fieldset className="payout-choice">
        <legend>
          <Trans>How we pay you</Trans>
        </legend>
        {(
          [
            ['later', <Trans key="later">I choose later, when I sell</Trans>],
            ['sepa', <Trans key="sepa">Bank transfer (SEPA)</Trans>],
            ['paypal', <Trans key="paypal">PayPal</Trans>],
          ] as const
        ).map(([value, label]) => (
          <div className="check-field" key={value}>
            <input
              id={`${formId}-payout-${value}`}
              type="radio"
              name="payout"
              value={value}
              defaultChecked={payout === value}
            />
            <label htmlFor={`${formId}-payout-${value}`}>{label}</label>
          </div>
        ))}
        <div className="payout-fields payout-fields--sepa">
          <TextField
            formId={formId}
            name="accountHolder"
            label={<Trans>Account holder</Trans>}
            autoComplete="name"
            error={errors.accountHolder}
            defaultValue={values.accountHolder}
            optional
          />
          <TextField
            formId={formId}
            name="iban"
            label={<Trans>IBAN</Trans>}
            spellCheck={false}
            error={errors.iban}
            defaultValue={values.iban}
            maxLength={42}
            optional
          />
          <TextField
            formId={formId}
            name="bic"
            label={<Trans>BIC</Trans>}
            spellCheck={false}
            error={errors.bic}
            defaultValue={values.bic}
            maxLength={11}
            optional
          />
        </div>
        <div className="payout-fields payout-fields--paypal">
          <TextField
            formId={formId}
            name="paypalEmail"
            type="email"
            label={<Trans>PayPal e-mail address</Trans>}
            inputMode="email"
            spellCheck={false}
            maxLength={254}
            error={errors.paypalEmail}
            defaultValue={values.paypalEmail}
            optional
          />
        </div>
      </fieldset>
      <button type="submit" className="button" aria-disabled={sending}>
        {sending ? <Trans>Creating your account…</Trans> : <Trans>Create my account</Trans>}
      </button>
      <p>
        <Trans>
          Already a customer? <Link to={paths.overview}>Log in</Link>
        </Trans>
      </p>
    </Form>
  );
}

function RegisterPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData: RegisterResult | undefined;
}) {
  const heading = (
    <h1>
      <Trans>Create your customer account</Trans>
    </h1>
  );
  if (actionData?.kind === 'registered') {
    const { email } = actionData;
    return (
      <main id="main" className="page">
        {heading}
        <output className="notice notice--success">
          <Trans>
            Almost done: check your mailbox. We have sent a link to {email}. Open it within 48 hours
            to activate your account.
          </Trans>
        </output>
        <ResendActivation email={email} />
      </main>
    );
  }
  if (actionData?.kind === 'resent' || actionData?.kind === 'resendRefused') {
    return <ResentPage heading={heading} result={actionData} />;
  }
  const refused =
    actionData?.kind === 'refused' || actionData?.kind === 'busy' ? actionData : undefined;
  return (
    <main id="main" className="page">
      {heading}
      <p className="lead">
        <Trans>
          With an account you follow every trade, print labels again and sell faster next time.
        </Trans>
      </p>
      <RegistrationForm loaderData={loaderData} refused={refused} />
      <ResendActivation />
    </main>
  );
}

export default function AccountRegister({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: RegisterResult | undefined;
}) {
  return loaderData.hasLink || actionData?.kind === 'activation' ? (
    <ActivationPage loaderData={loaderData} actionData={actionData} />
  ) : (
    <RegisterPage loaderData={loaderData} actionData={actionData} />
  );
}
