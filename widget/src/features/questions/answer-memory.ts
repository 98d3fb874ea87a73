import { offerAnswerSchema } from '@tradein/contract';
import * as z from 'zod/mini';
import type { AnswerMap } from './questions-store.ts';

/*
 * The answers a seller gave for a device, kept in the tab's sessionStorage: a step of the flow
 * carries only the answers given before it was taken, so coming back from the offer (also after
 * a reload) finds the last question's answer here. Read back as stored data: checked.
 */

const keptAnswersSchema = z.array(offerAnswerSchema).check(z.maxLength(50));

const keyOf = (edition: string, deviceUrl: string) => `tradein-answers:${edition}:${deviceUrl}`;

/** The answers kept for a device; undefined when none are (or they are not answers). */
export function rememberedAnswers(edition: string, deviceUrl: string): AnswerMap | undefined {
  try {
    const text = sessionStorage.getItem(keyOf(edition, deviceUrl));
    if (text === null) return undefined;
    const parsed = keptAnswersSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    return Object.fromEntries(parsed.data.map((answer) => [answer.questionId, answer.answerId]));
  } catch {
    // Storage refused or not JSON: nothing remembered.
    return undefined;
  }
}

/** Keeps the answers given for a device for this tab. */
export function rememberAnswers(edition: string, deviceUrl: string, answers: AnswerMap): void {
  const list = Object.entries(answers).map(([questionId, answerId]) => ({
    questionId: Number(questionId),
    answerId,
  }));
  try {
    sessionStorage.setItem(keyOf(edition, deviceUrl), JSON.stringify(list));
  } catch {
    // Storage refused or full: back from the offer then asks the last question again.
  }
}
