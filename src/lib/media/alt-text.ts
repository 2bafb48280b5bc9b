import { MAX_ALT_TEXT_LENGTH } from './limits';

/** An alt text to start from: the description's first sentence, as a sentence. */
export function suggestAltText(prompt: string): string {
  const first = prompt.trim().split(/(?<=[.!?])\s/)[0] ?? '';
  const sentence = first.charAt(0).toUpperCase() + first.slice(1);
  return sentence.slice(0, MAX_ALT_TEXT_LENGTH);
}
