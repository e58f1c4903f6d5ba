/** Reading the console's catalog forms (services, plans): a field's text, number or lines, trimmed. */
export const textOf = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
export const numberOf = (form: FormData, name: string) => Number(textOf(form, name));
export const linesOf = (form: FormData, name: string) =>
  textOf(form, name)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A table cell's list: the words that apply, or a dash when none does. */
export const wordsOrDash = (words: ReadonlyArray<string | null | false | undefined>) =>
  words.filter(Boolean).join(', ') || '—';
