/**
 * What the console's forms on react-hook-form share (docs/forms.md): the one problem a form shows.
 */
import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The form's one error line: a refused call (the root error), else the first field the rules
 * refused, in the order they checked them: the field the server's answer would have named.
 */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  return errors.root?.message ?? firstMessage(errors);
}

function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  if ('type' in node && 'message' in node && typeof node.message === 'string') return node.message;
  for (const [key, child] of Object.entries(node)) {
    // A field's error holds its input element, never a message of its own.
    if (key === 'ref') continue;
    const message = firstMessage(child);
    if (message) return message;
  }
  return undefined;
}
