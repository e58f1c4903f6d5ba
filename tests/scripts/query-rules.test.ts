/**
 * The client data layer's rules (docs/architecture.md, 'The data layer'), checked on the
 * parsed source of src/:
 * - query keys come from the key factories (src/lib/api/*, a feature's `api/` folder, the
 *   console's api.ts): no literal key array anywhere else;
 * - the browser's online state is read only by src/lib/online.ts, which feeds Query's
 *   onlineManager (the service worker, sw/, has no Query and reads navigator.onLine itself);
 * - mutations are hooks in an `api/` folder (or the console's api.ts), which own their invalidation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { forEachNode, type Node } from '../support/ast';

/** Where key factories and mutation hooks live: files in an `api/` folder, and the console's api.ts. */
const isFactoryFile = (file: string) => /(^|\/)api\//.test(file) || file === 'src/ops-console/api.ts';
/** The one reader of the browser's network state. */
const ONLINE_SOURCE = 'src/lib/online.ts';

const isStringLiteral = (node: unknown) =>
  (node as Node | null)?.type === 'Literal' && typeof (node as Node).value === 'string';
/** `x as const` and `x satisfies T` are x. */
const unwrap = (node: unknown): Node | null => {
  const inner = node as Node | null;
  return inner && /^TS(As|Satisfies)Expression$/.test(inner.type) ? unwrap(inner.expression) : inner;
};
/** `['tasks', id]`: an array literal starting with a string, the shape of a query key. */
const isKeyLiteral = (node: unknown) => {
  const array = unwrap(node);
  return array?.type === 'ArrayExpression' && isStringLiteral((array.elements as unknown[])[0]);
};
/** `[['tasks'], ['plan']]`: a list of such keys. */
const isKeyList = (node: unknown) => {
  const array = unwrap(node);
  return (
    array?.type === 'ArrayExpression' &&
    (array.elements as unknown[]).length > 0 &&
    (array.elements as unknown[]).every(isKeyLiteral)
  );
};
/** What a function gives back or a variable holds (not an option's value, such as a route's `codeSplitGroupings`). */
const givenValue = (node: Node): unknown =>
  node.type === 'ReturnStatement'
    ? node.argument
    : node.type === 'ArrowFunctionExpression'
      ? node.body
      : node.type === 'VariableDeclarator'
        ? node.init
        : undefined;
const nameOf = (node: unknown): string | undefined => {
  const named = node as Node | null;
  if (named?.type === 'Identifier') return named.name as string;
  if (named?.type === 'Literal') return String(named.value);
  return undefined;
};

/** Each break of the rules in one file, as `file:line what`. */
function queryRuleBreaks(file: string, text: string): string[] {
  const found: string[] = [];
  const lineOf = (node: Node) => text.slice(0, node.start as number).split('\n').length;
  const report = (node: Node, what: string) => found.push(`${file}:${lineOf(node)} ${what}`);
  forEachNode(file, text, (node) => {
    if (!isFactoryFile(file)) {
      if (
        node.type === 'Property' &&
        /^(queryKey|mutationKey)$/.test(nameOf(node.key) ?? '') &&
        isKeyLiteral(node.value)
      )
        report(node, `a literal ${nameOf(node.key)}`);
      if (node.type === 'VariableDeclarator' && /keys?$/i.test(nameOf(node.id) ?? '') && isKeyLiteral(node.init))
        report(node, 'a literal query key in a variable');
      if (isKeyList(givenValue(node))) report(node, 'a list of literal query keys');
    }
    if (file !== ONLINE_SOURCE) {
      if (node.type === 'MemberExpression' && nameOf(node.property) === 'onLine')
        report(node, 'navigator.onLine (read onlineManager, or src/lib/online.ts before Query)');
      if (
        node.type === 'CallExpression' &&
        (node.callee as Node).type === 'MemberExpression' &&
        nameOf((node.callee as Node).property) === 'addEventListener' &&
        /^(online|offline)$/.test(nameOf((node.arguments as Node[])[0]) ?? '')
      )
        report(node, `an '${nameOf((node.arguments as Node[])[0])}' listener (subscribe to onlineManager)`);
    }
    if (node.type === 'CallExpression' && nameOf(node.callee) === 'useMutation' && !isFactoryFile(file))
      report(node, 'useMutation outside an api/ folder (a mutation hook there owns its invalidation)');
  });
  return found;
}

/** Every source file of the app (src/), repository-relative, with its text. */
function sourceFiles(): { file: string; text: string }[] {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  return (readdirSync(join(root, 'src'), { recursive: true }) as string[])
    .map((file) => `src/${file.replaceAll('\\', '/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && file !== 'src/routeTree.gen.ts')
    .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
}

describe('the client data layer keeps its rules', () => {
  it('src/ has no literal query key outside the factories, no other reader of navigator.onLine, no useMutation outside api/', () => {
    expect(sourceFiles().flatMap(({ file, text }) => queryRuleBreaks(file, text))).toEqual([]);
  });

  it('finds each kind of break where one is written', () => {
    const sample = [
      "useQuery({ queryKey: ['tasks', id], queryFn });",
      "queryClient.invalidateQueries({ queryKey: ['plan'] });",
      "const PENDING_KEY = ['pendingTasks'] as const;",
      "const keys = () => [['tasks'], ['taskEvents']];",
      'if (navigator.onLine) send();',
      "window.addEventListener('online', replay);",
      'const saving = useMutation({ mutationFn: save });',
    ].join('\n');
    expect(queryRuleBreaks('src/features/x/screen.tsx', sample)).toEqual([
      'src/features/x/screen.tsx:1 a literal queryKey',
      'src/features/x/screen.tsx:2 a literal queryKey',
      'src/features/x/screen.tsx:3 a literal query key in a variable',
      'src/features/x/screen.tsx:4 a list of literal query keys',
      'src/features/x/screen.tsx:5 navigator.onLine (read onlineManager, or src/lib/online.ts before Query)',
      "src/features/x/screen.tsx:6 an 'online' listener (subscribe to onlineManager)",
      'src/features/x/screen.tsx:7 useMutation outside an api/ folder (a mutation hook there owns its invalidation)',
    ]);
  });

  it('lets the factories, the one online reader and the api/ hooks be', () => {
    const factory = "export const taskKeys = { all: ['tasks'] as const };\nuseMutation({ mutationFn: cancel });";
    expect(queryRuleBreaks('src/lib/api/tasks.ts', factory)).toEqual([]);
    expect(queryRuleBreaks('src/features/chat/api/send.ts', factory)).toEqual([]);
    expect(queryRuleBreaks(ONLINE_SOURCE, "navigator.onLine; window.addEventListener('online', f);")).toEqual([]);
    // A key from a factory, and arrays that are not keys (a route's option, a list of words).
    const notKeys = [
      'useQuery({ queryKey: taskKeys.list(id) });',
      "createFileRoute('/')({ codeSplitGroupings: [['loader']] });",
      "const KEYBOARD_RUNS = ['qwertyuiop'];",
    ].join('\n');
    expect(queryRuleBreaks('src/features/x/screen.tsx', notKeys)).toEqual([]);
  });
});
