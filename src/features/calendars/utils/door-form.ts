import type { Json } from '@/lib/database.types';

/**
 * A door as the editor's form holds it, and back to the row and its secrets. Pure, so the rules (a
 * single-choice quiz needs two options and a marked answer, free text needs its answer) are tested
 * without a screen.
 */
export type QuizKind = '' | 'single' | 'text';
export type FormField = { key: string; label: string; required: boolean };

export type DoorFormValues = {
  title: string;
  body: string;
  mediaId: string | null;
  linkUrl: string;
  linkLabel: string;
  voucher: string;
  quizKind: QuizKind;
  quizQuestion: string;
  options: string[];
  correctIndex: number | null;
  answer: string;
  formFields: FormField[];
  prizeName: string;
};

export type DoorErrorKey =
  | 'linkInvalid'
  | 'questionRequired'
  | 'optionsRequired'
  | 'correctRequired'
  | 'answerRequired'
  | 'fieldLabelRequired';

export type DoorErrors = Partial<
  Record<'linkUrl' | 'quizQuestion' | 'options' | 'answer' | 'formFields', DoorErrorKey>
>;

type DoorRow = {
  title: string | null;
  body: string | null;
  media_id: string | null;
  link_url: string | null;
  link_label: string | null;
  quiz_kind: string | null;
  quiz_question: string | null;
  quiz_options: string[] | null;
  form_fields: Json;
};

export function readFormFields(value: Json): FormField[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return [];
    const { key, label, required } = item;
    return typeof key === 'string' && typeof label === 'string'
      ? [{ key, label, required: required === true }]
      : [];
  });
}

export function doorToForm(
  door: DoorRow,
  secret: { quiz_answer: string | null; voucher_code: string | null } | undefined,
  prizeName: string,
): DoorFormValues {
  const quizKind: QuizKind = door.quiz_kind === 'single' || door.quiz_kind === 'text' ? door.quiz_kind : '';
  const options = door.quiz_options ?? [];
  const answer = secret?.quiz_answer ?? '';
  const index = quizKind === 'single' ? options.indexOf(answer) : -1;
  return {
    title: door.title ?? '',
    body: door.body ?? '',
    mediaId: door.media_id,
    linkUrl: door.link_url ?? '',
    linkLabel: door.link_label ?? '',
    voucher: secret?.voucher_code ?? '',
    quizKind,
    quizQuestion: door.quiz_question ?? '',
    options: quizKind === 'single' ? options : ['', ''],
    correctIndex: index >= 0 ? index : null,
    answer: quizKind === 'text' ? answer : '',
    formFields: readFormFields(door.form_fields),
    prizeName,
  };
}

const LINK = /^https?:\/\/\S+$/;
const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function validateDoor(values: DoorFormValues): DoorErrors {
  const errors: DoorErrors = {};
  if (values.linkUrl.trim() && !LINK.test(values.linkUrl.trim())) errors.linkUrl = 'linkInvalid';
  if (values.quizKind) {
    if (!values.quizQuestion.trim()) errors.quizQuestion = 'questionRequired';
    if (values.quizKind === 'single') {
      const filled = values.options.filter((option) => option.trim());
      if (filled.length < 2) errors.options = 'optionsRequired';
      else if (values.correctIndex === null || !values.options[values.correctIndex]?.trim())
        errors.options = 'correctRequired';
    } else if (!values.answer.trim()) errors.answer = 'answerRequired';
  }
  if (values.formFields.some((field) => !field.label.trim())) errors.formFields = 'fieldLabelRequired';
  return errors;
}

/** A key for a new form question from its label: «Hvilken by?» → hvilken-by, unique in the list. */
export function fieldKey(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLowerCase()
      .replace(/æ/g, 'ae')
      .replace(/ø/g, 'o')
      .replace(/å/g, 'a')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'felt';
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}-${n}`;
  return key;
}

/** The row's columns and the secrets, ready for the update (empty fields become null). */
export function formToDoor(values: DoorFormValues) {
  const options = values.options.map((option) => option.trim()).filter(Boolean);
  const correct = values.correctIndex === null ? null : (values.options[values.correctIndex]?.trim() ?? null);
  const quizKind = values.quizKind || null;
  const taken = values.formFields.map((field) => field.key).filter(Boolean);
  const formFields = values.formFields.map((field) => {
    const key = field.key || fieldKey(field.label, taken);
    taken.push(key);
    return { key, label: field.label.trim(), required: field.required };
  });
  return {
    door: {
      title: blankToNull(values.title),
      body: blankToNull(values.body),
      media_id: values.mediaId,
      link_url: blankToNull(values.linkUrl),
      link_label: blankToNull(values.linkLabel),
      quiz_kind: quizKind,
      quiz_question: quizKind ? values.quizQuestion.trim() : null,
      quiz_options: quizKind === 'single' ? options : null,
      form_fields: formFields,
    },
    secret: {
      quiz_answer: quizKind === 'single' ? correct : quizKind === 'text' ? blankToNull(values.answer) : null,
      voucher_code: blankToNull(values.voucher),
    },
  };
}
