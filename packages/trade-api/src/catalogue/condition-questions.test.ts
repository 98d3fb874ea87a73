import { describe, expect, it } from 'vitest';
import { catalogueLanguages, categoryKeys } from './catalogue-texts.ts';
import { buildCategoryQuestions } from './condition-questions.ts';

/** What may stand between an answer and its colon: French sets a (narrow) no-break space there. */
const spacesBeforeColon = new Set([' ', '\u00a0', '\u202f']);

/**
 * The hint of each answer as the questions screen reads it from the description
 * (widget `answerDescriptions`): the text after "Answer:" (at the start or after a space, the
 * colon optionally after a space, no-break or narrow no-break space) up to the next answer's label.
 */
function answerHints(description: string, answers: readonly string[]): Map<string, string> {
  const labelOf = (answer: string) => {
    for (
      let at = description.indexOf(answer);
      at !== -1;
      at = description.indexOf(answer, at + 1)
    ) {
      if (at > 0 && description[at - 1] !== ' ') continue;
      let end = at + answer.length;
      if (spacesBeforeColon.has(description[end] ?? '')) end += 1;
      if (description[end] === ':') return { answer, at, length: end + 1 - at };
    }
    return undefined;
  };
  const starts = answers
    .flatMap((answer) => labelOf(answer) ?? [])
    .toSorted((left, right) => left.at - right.at);
  return new Map(
    starts.map((entry, position) => [
      entry.answer,
      description.slice(entry.at + entry.length, starts[position + 1]?.at).trim(),
    ]),
  );
}

/** The grade question (the first) of each category. */
function gradeQuestions() {
  return categoryKeys.map((key, index) => {
    const [first] = buildCategoryQuestions(index + 1, key);
    expect(first?.code).toBe('GRADE');
    if (first === undefined) throw new Error(`${key}: no questions`);
    return { key, question: first };
  });
}

describe('condition questions', () => {
  it('give every answer of the first question its own hint in every language', () => {
    for (const { key, question } of gradeQuestions()) {
      for (const language of catalogueLanguages) {
        const answers = question.answers.map((answer) => answer.texts[language]);
        const hints = answerHints(question.texts[language].description, answers);
        expect([...hints.keys()], `${key} ${language}`).toEqual(answers);
        for (const [answer, hint] of hints) {
          expect(hint.length, `${key} ${language} ${answer}`).toBeGreaterThan(10);
        }
      }
    }
  });

  it('write French labels with a space before the colon, as every French text of the project', () => {
    for (const { key, question } of gradeQuestions()) {
      const { description } = question.texts.fr;
      for (const answer of question.answers) {
        expect(description, `${key} ${answer.texts.fr}`).toContain(`${answer.texts.fr} :`);
      }
      expect(/\S:/.exec(description)?.[0], `${key}: a colon right after a word`).toBeUndefined();
    }
  });

  it.each([
    ['a space', ' '],
    ['a no-break space', '\u00a0'],
    ['a narrow no-break space', '\u202f'],
  ])('read a hint after a label with %s before the colon', (_name, space) => {
    expect([
      ...answerHints(`Neuf${space}: sous blister. Comme neuf${space}: sans trace.`, [
        'Neuf',
        'Comme neuf',
      ]),
    ]).toEqual([
      ['Neuf', 'sous blister.'],
      ['Comme neuf', 'sans trace.'],
    ]);
  });

  it('finds no hint where the description does not name the answer as "Answer:"', () => {
    expect([...answerHints('Neuf, sous blister. Neuf  : deux espaces.', ['Neuf']).keys()]).toEqual(
      [],
    );
  });
});
