/**
 * The part of the forms engine a visitor's page runs: the definition's types and constants, what shows
 * and what comes next, and the answers' check. Public pages import this instead of `engine.ts`, whose
 * barrel would load the builder's parser and definition check with them.
 */
export * from '../../../supabase/functions/_shared/forms/definition.ts';
export {
  evaluate,
  nextPage,
  type PipedTexts,
  previousPage,
} from '../../../supabase/functions/_shared/forms/evaluate.ts';
export {
  type AnswerError,
  validateAnswers,
} from '../../../supabase/functions/_shared/forms/validate-answers.ts';
