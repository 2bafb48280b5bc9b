/**
 * The forms engine's codes as sentences. The caller passes the texts of its language
 * (`./locales/answers-nb.json` and `./locales/nb.json`), so the public form needs no i18next and the builder can use its namespace.
 */
import type { AnswerError, DefinitionProblem } from './engine';
import type nbAnswers from './locales/answers-nb.json';
import type nbProblems from './locales/nb.json';

/** The field errors (`answers-<language>.json`, all a public form needs) and the builder's problems. */
export type FormMessages = typeof nbAnswers & typeof nbProblems;

const fill = (template: string, values: Partial<Record<string, string>>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** A field's error: a range with one side only says just that side. */
export function answerErrorMessage(error: AnswerError, messages: Pick<FormMessages, 'answers'>): string {
  let key: keyof FormMessages['answers'] = error.code;
  if (key === 'out_of_range' && error.min === undefined) key = 'out_of_range_max';
  else if (key === 'out_of_range' && error.max === undefined) key = 'out_of_range_min';
  return fill(messages.answers[key], { min: error.min, max: error.max });
}

export function definitionProblemMessage(problem: DefinitionProblem, messages: FormMessages): string {
  return fill(messages.problems[problem.code], { key: problem.key });
}
