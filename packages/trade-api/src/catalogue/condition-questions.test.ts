import { describe, expect, it } from 'vitest';
import { catalogueLanguages, categoryKeys } from './catalogue-texts.ts';
import { buildCategoryQuestions } from './condition-questions.ts';

/**
 * The hint of each answer as the questions screen reads it from the description: the text after
 * "Answer:" (at the start or after a space) up to the next answer's label.
 */
function answerHints(description: string, answers: readonly string[]): Map<string, string> {
  const starts = answers
    .map((answer) => {
      const label = `${answer}:`;
      const at = description.startsWith(label) ? 0 : description.indexOf(` ${label}`) + 1;
      return { answer, label, at };
    })
    .filter((entry) => entry.at > 0 || description.startsWith(entry.label))
    .toSorted((left, right) => left.at - right.at);
  return new Map(
    starts.map((entry, position) => [
      entry.answer,
      description.slice(entry.at + entry.label.length, starts[position + 1]?.at).trim(),
    ]),
  );
}

describe('condition questions', () => {
  it('give every answer of the first question its own hint in every language', () => {
    for (const [index, key] of categoryKeys.entries()) {
      const [first] = buildCategoryQuestions(index + 1, key);
      expect(first?.code).toBe('GRADE');
      for (const language of catalogueLanguages) {
        const answers = first?.answers.map((answer) => answer.texts[language]) ?? [];
        const hints = answerHints(first?.texts[language].description ?? '', answers);
        expect([...hints.keys()], `${key} ${language}`).toEqual(answers);
        for (const [answer, hint] of hints) {
          expect(hint.length, `${key} ${language} ${answer}`).toBeGreaterThan(10);
        }
      }
    }
  });

  it('finds no hint where the description does not name the answer as "Answer:"', () => {
    expect([...answerHints('Neuf : sous blister.', ['Neuf']).keys()]).toEqual([]);
  });
});
