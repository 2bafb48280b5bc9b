/** A poll's three answers to one candidate time, in the order they are offered. */
const POLL_ANSWERS = ['yes', 'if_need_be', 'no'] as const;
export type PollAnswerChoice = (typeof POLL_ANSWERS)[number];

type AnswerChoicesProps = {
  /** The radio group's name: one group per candidate time. */
  name: string;
  value: PollAnswerChoice | undefined;
  onChange: (answer: PollAnswerChoice) => void;
  /** The words of an answer: the member's screens take them from i18next, the guest page from its own texts. */
  labelOf: (answer: PollAnswerChoice) => string;
  className?: string;
  choiceClassName?: string;
};

/** Yes / om nødvendig / nei for one candidate time, as native radios inside the caller's fieldset. */
export function AnswerChoices({
  name,
  value,
  onChange,
  labelOf,
  className,
  choiceClassName,
}: AnswerChoicesProps) {
  return (
    <div className={className}>
      {POLL_ANSWERS.map((answer) => (
        <label key={answer} className={choiceClassName}>
          <input
            type="radio"
            name={name}
            value={answer}
            checked={value === answer}
            onChange={() => onChange(answer)}
          />
          {labelOf(answer)}
        </label>
      ))}
    </div>
  );
}
