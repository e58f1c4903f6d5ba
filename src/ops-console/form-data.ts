/** A table cell's list: the words that apply, or a dash when none does. */
export const wordsOrDash = (words: ReadonlyArray<string | null | false | undefined>) =>
  words.filter(Boolean).join(', ') || '—';
