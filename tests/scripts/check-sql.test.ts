import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSql, checkSqlSource } from '../../scripts/check-sql';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

describe('the data layer rules hold in server/', () => {
  it('no SQL outside server/db, no statement assembled from values, no row converted by hand', () => {
    expect(checkSql(root)).toEqual([]);
  });
});

describe('SQL outside server/db', () => {
  it('finds a database call and SQL text in a route, a job or a module beside server/db', () => {
    const found = checkSqlSource(
      'server/jobs/some-job.ts',
      `export async function run(tx) {
         await tx.query('update tasks set reminded_at = now() where id = $1', ['t1']);
         const text = \`select id from users where email = $1\`;
         await deps.db.exec(text);
       }`,
    );
    expect(found.map((v) => [v.rule, v.line])).toEqual([
      ['sql-outside-db', 2],
      ['sql-outside-db', 2],
      ['sql-outside-db', 3],
      ['sql-outside-db', 4],
    ]);
    expect(checkSqlSource('server/db-helpers.ts', `const q = 'delete from sessions where id = $1';`)).toHaveLength(1);
  });

  it("leaves a request's query, a regular expression's exec and prose alone", () => {
    expect(
      checkSqlSource(
        'server/routes/x.ts',
        `const page = c.req.query('page');
         const match = /^Bearer (\\S+)$/.exec(header) ?? DATA_URL.exec(value);
         throw badRequest('Please select a plan');`,
      ),
    ).toEqual([]);
  });

  it('lets server/db hold SQL', () => {
    expect(checkSqlSource('server/db/tasks.ts', `await db.query('select id from tasks where id = $1', [id]);`)).toEqual(
      [],
    );
  });
});

describe('statements assembled in server/db', () => {
  it('refuses a value or a caller-given fragment put into the text', () => {
    const found = checkSqlSource(
      'server/db/x.ts',
      `await db.query(\`select id from tasks where id = '\${id}'\`);
       await db.query(\`\${TASK_SELECT} where \${condition}\`, params);
       await db.query(\`select id from \${table} limit \${limit}\`);`,
    );
    expect(found.map((v) => v.text)).toEqual(['id', 'condition', 'table', 'limit']);
    expect(found.every((v) => v.rule === 'assembled-sql')).toBe(true);
  });

  it('accepts constant fragments: FRAGMENT, FRAGMENT + 1, FRAGMENT(literal)', () => {
    expect(
      checkSqlSource(
        'server/db/x.ts',
        `await db.query(\`\${TASK_SELECT} where t.id = $1 limit \${PAGE + 1}\`, [id]);
         await db.query(\`select \${DATE('date')} from schedule_runs\`);`,
      ),
    ).toEqual([]);
  });
});

describe('rows converted by hand', () => {
  it('finds Number(row.x), Number(x.snake_case) and the same with a fallback, anywhere but connection.ts', () => {
    const source = `const a = Number(row.amount_kobo);
      const b = Number(task.quantity_kg ?? 0);
      const c = parseFloat(row.lat);
      const d = Number(user!.balance_kobo);`;
    expect(checkSqlSource('server/routes/x.ts', source).map((v) => v.line)).toEqual([1, 2, 3, 4]);
    expect(checkSqlSource('server/db/tasks.ts', source)).toHaveLength(4);
    expect(checkSqlSource('server/db/connection.ts', source)).toEqual([]);
  });

  it('leaves numbers that are not rows alone', () => {
    expect(
      checkSqlSource(
        'server/env.ts',
        `const n = Number(value.trim()); const port = Number(process.env.PORT); const k = Number(kg.toFixed(2));`,
      ),
    ).toEqual([]);
  });
});
