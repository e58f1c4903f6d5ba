/**
 * The data layer's rules, checked on the server's syntax trees (docs/architecture.md, 'The
 * server's data layer'): SQL only in server/db; inside it, a statement's text is assembled from
 * fixed fragments only (values are parameters); and no row is converted by hand with
 * `Number(row.x)` (server/db/connection.ts parses bigint and numeric once, for both backends).
 * tests/scripts/check-sql.test.ts runs it; `npx tsx scripts/check-sql.ts` lists each break.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';

export interface SqlViolation {
  file: string;
  line: number;
  rule: 'sql-outside-db' | 'assembled-sql' | 'row-conversion';
  text: string;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Text that reads as a statement: a query's clauses, or a statement keyword at the start. */
const SQL_ANYWHERE = /\b(select\b[\s\S]*\bfrom\b|insert\s+into\b|update\s+\w+(\s+\w+)?\s+set\b|delete\s+from\b)/i;
const SQL_START =
  /^\s*(with\s+\w+\s+as\s*\(|savepoint\b|release\s+savepoint\b|rollback\b|begin\b|commit\b|listen\b|notify\b)/i;
const looksLikeSql = (text: string) => SQL_ANYWHERE.test(text) || SQL_START.test(text);

/** A constant fragment: FRAGMENT, FRAGMENT + 1, or FRAGMENT('literal'). */
function isConstantFragment(node: Node): boolean {
  if (node.type === 'Identifier') return /^[A-Z][A-Z0-9_]*$/.test(node.name as string);
  if (node.type === 'Literal') return true;
  if (node.type === 'BinaryExpression')
    return isConstantFragment(node.left as Node) && isConstantFragment(node.right as Node);
  if (node.type === 'CallExpression')
    return (
      isConstantFragment(node.callee as Node) &&
      (node.arguments as Node[]).every((argument) => argument.type === 'Literal')
    );
  return false;
}

/**
 * Substitutions that are not constants yet hold no caller's value, each with its reason:
 * `file: expression`. A new one must be argued here, in review.
 */
const FIXED_BY_CODE = new Set([
  // The savepoint's name is a random identifier made there (a name cannot be a parameter).
  'server/db/connection.ts: name',
  // LISTEN takes no parameter; the channel is checked against /^[a-z_][a-z0-9_]*$/ first.
  'server/db/connection.ts: channel',
  // threadQuery and driverThreadQuery are called only at module load, with literal fragments.
  'server/db/messages.ts: condition',
  'server/db/messages.ts: order',
  // One of SETTING_COLUMNS' fixed column names (a column cannot be a parameter).
  'server/db/push.ts: column',
]);

/** Converting a row's column by hand: Number(x.snake_case), Number(row.x), and the same with `?? fallback`. */
function isRowConversion(node: Node): boolean {
  const callee = node.callee as Node;
  if (callee.type !== 'Identifier' || !['Number', 'parseInt', 'parseFloat'].includes(callee.name as string))
    return false;
  let argument = (node.arguments as Node[])[0];
  if (argument?.type === 'LogicalExpression') argument = argument.left as Node;
  if (argument?.type === 'TSNonNullExpression') argument = argument.expression as Node;
  if (argument?.type !== 'MemberExpression' || argument.computed) return false;
  const property = (argument.property as Node).name as string;
  const object = argument.object as Node;
  return (
    property.includes('_') || (object.type === 'Identifier' && /^(row|rows?\w*|\w*Row)$/.test(object.name as string))
  );
}

/** The rules' breaks in one file (`file` is repository-relative, with forward slashes). */
export function checkSqlSource(file: string, source: string): SqlViolation[] {
  const inDb = file.startsWith('server/db/');
  const found: SqlViolation[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const add = (rule: SqlViolation['rule'], node: Node, text = source.slice(node.start, node.end)) =>
    found.push({ file, line: lineOf(node.start), rule, text: text.replace(/\s+/g, ' ').slice(0, 80) });
  const visit = (value: unknown, parent?: Node): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, parent);
      return;
    }
    if (!value || typeof value !== 'object' || typeof (value as Node).type !== 'string') return;
    const node = value as Node;
    if (node.type === 'Literal' && typeof node.value === 'string' && looksLikeSql(node.value) && !inDb)
      add('sql-outside-db', node);
    if (node.type === 'TemplateLiteral') {
      const quasis = node.quasis as Array<{ value: { cooked: string | null } }>;
      const text = quasis.map((quasi) => quasi.value.cooked ?? '').join(' x ');
      const queryArgument =
        parent?.type === 'CallExpression' && (parent.arguments as Node[])[0] === node && isQueryCall(parent);
      if (looksLikeSql(text) || queryArgument) {
        if (!inDb) add('sql-outside-db', node);
        else
          for (const expression of node.expressions as Node[]) {
            const written = source.slice(expression.start, expression.end);
            if (!isConstantFragment(expression) && !FIXED_BY_CODE.has(`${file}: ${written}`))
              add('assembled-sql', expression);
          }
      }
    }
    if (node.type === 'CallExpression') {
      if (!inDb && isQueryCall(node)) add('sql-outside-db', node);
      if (isRowConversion(node) && file !== 'server/db/connection.ts') add('row-conversion', node);
    }
    for (const [key, child] of Object.entries(node))
      if (key !== 'type' && child && typeof child === 'object') visit(child, node);
  };
  visit(parseSync(file, source).program);
  return found;
}

/**
 * A call of a database's `query` or `exec`: `db.query(...)`, `tx.exec(...)`. Not a request's
 * query (`c.req.query('x')`) nor a regular expression's `exec` (`/x/.exec(text)`, `PATTERN.exec`).
 */
function isQueryCall(node: Node): boolean {
  const callee = node.callee as Node;
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  const name = (callee.property as Node).name;
  if (name !== 'query' && name !== 'exec') return false;
  const object = callee.object as Node;
  if (object.type === 'Literal') return false;
  if (object.type === 'Identifier' && /^[A-Z][A-Z0-9_]*$/.test(object.name as string)) return false;
  if (object.type === 'MemberExpression' && ((object.property as Node).name as string) === 'req') return false;
  return true;
}

/** Every break under `root`'s server/ (tests and scripts may hold SQL of their own). */
export function checkSql(root: string): SqlViolation[] {
  return readdirSync(join(root, 'server'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
    .flatMap((file) => checkSqlSource(file, readFileSync(join(root, file), 'utf8')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const violations = checkSql(join(fileURLToPath(import.meta.url), '..', '..'));
  for (const v of violations) console.error(`${v.file}:${v.line} ${v.rule}: ${v.text}`);
  process.exit(violations.length > 0 ? 1 : 0);
}
