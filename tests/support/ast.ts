/** The parsed source the guard tests read (oxc-parser's ESTree-shaped tree), walked node by node. */
import { parseSync } from 'oxc-parser';

export type Node = { type: string; [key: string]: unknown };

/** Calls `onNode` on every node of the file's syntax tree, a parent before its children. */
export function forEachNode(file: string, text: string, onNode: (node: Node) => void): void {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    if (typeof node.type === 'string') onNode(node);
    for (const child of Object.values(node)) visit(child);
  };
  visit(parseSync(file, text).program);
}
