import { apiHttpStatus, refusedFields } from '@tradein/client-core';
import {
  activateRegistrationEndpoint,
  registerEndpoint,
  resendActivationEndpoint,
} from '@tradein/contract';
import { getEdition } from '@tradein/editions';
import { data, type ActionFunctionArgs } from 'react-router';
import { readForm } from '../../form-data.server.ts';
import { filledHoneypot } from '../../honeypot.server.ts';
import { screenOf } from '../../screen.server.ts';
import { refusalErrors, textOf } from '../form-rules.ts';
import {
  checkRegistration,
  readRegistration,
  registrationRefusals,
  shownAgain,
} from './registration-request.server.ts';
import type { RegisterResult } from './registration-result.ts';

/** The token of an activation link, or undefined when the value cannot be one. */
export function activationToken(value: unknown): string | undefined {
  const parsed = activateRegistrationEndpoint.headers?.safeParse({ token: value });
  return parsed?.success === true ? parsed.data.token : undefined;
}

async function register(args: ActionFunctionArgs, form: FormData) {
  const { request } = screenOf(args, ['accountRegister']);
  const posted = readRegistration(form);
  const values = shownAgain(posted);
  // A bot's post: the answer of a registration, and nothing registered or mailed.
  if (filledHoneypot(form))
    return data<RegisterResult>({ kind: 'registered', email: posted.email });
  const checked = checkRegistration(posted, request.site.edition);
  if (!checked.ok) {
    return data<RegisterResult>(
      { kind: 'refused', errors: checked.errors, values },
      { status: 400 },
    );
  }
  try {
    await request.visitorApi().call(registerEndpoint, { body: checked.body });
  } catch (error) {
    const status = apiHttpStatus(error);
    if (status === 429) return data<RegisterResult>({ kind: 'busy', values }, { status: 429 });
    if (status !== 400) throw error;
    const errors = refusalErrors(refusedFields(error), registrationRefusals, posted, 'email');
    return data<RegisterResult>({ kind: 'refused', errors, values }, { status: 400 });
  }
  return data<RegisterResult>({ kind: 'registered', email: posted.email });
}

async function resend(args: ActionFunctionArgs, form: FormData) {
  const { request } = screenOf(args, ['accountRegister']);
  const email = textOf(form, 'email').toLowerCase();
  // A bot's post: the answer of a new link, and nothing mailed.
  if (filledHoneypot(form)) return data<RegisterResult>({ kind: 'resent', email });
  const body = resendActivationEndpoint.body.safeParse({
    email,
    lang: getEdition(request.site.edition).language,
  });
  if (!body.success) {
    return data<RegisterResult>({ kind: 'resendRefused', email }, { status: 400 });
  }
  try {
    await request.visitorApi().call(resendActivationEndpoint, { body: body.data });
  } catch (error) {
    if (apiHttpStatus(error) !== 429) throw error;
  }
  // The same answer whether or not the address waits for activation.
  return data<RegisterResult>({ kind: 'resent', email });
}

async function activate(args: ActionFunctionArgs, form: FormData) {
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

/**
 * The form posts of `/account/register`: a registration, a new activation link, or the
 * activation behind a mailed link (by its button: opening the link changes nothing).
 */
export async function registrationAction(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  const intent = form.get('intent');
  if (intent === 'register') return register(args, form);
  if (intent === 'resend') return resend(args, form);
  return activate(args, form);
}
