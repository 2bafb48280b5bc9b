/**
 * The forms engine: one module for the builder, the public form and the server (docs/forms.md).
 * Pure TypeScript without dependencies, so Deno runs it and the public page tree-shakes it.
 */
export * from './definition.ts';
export { conditionHolds, isAnswered, OPERATORS, whenHolds } from './conditions.ts';
export {
  displayValue,
  evaluate,
  type Evaluation,
  formatDate,
  formatNumber,
  nextPage,
  pipe,
  type PipedTexts,
  previousPage,
} from './evaluate.ts';
export {
  type AnswerError,
  type AnswerErrorCode,
  type AnswersCheck,
  validateAnswers,
} from './validate-answers.ts';
export { checkDefinition, type DefinitionProblem, type DefinitionProblemCode } from './check-definition.ts';
export { parseDefinition, type ParsedDefinition } from './parse-definition.ts';
