import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from '../../scripts/check-imports';

let root: string | undefined;

/** A throw-away repository holding only the given files. */
function repo(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

const shared = { 'src/shared/contract.ts': 'export const x = 1;\n', 'src/lib/http.ts': 'export const y = 2;\n' };

describe('folder rules', () => {
  it('allows what the layout allows: routes compose features, features use lib, ui and shared, the worker and the server use shared', () => {
    const violations = checkImports(
      repo({
        ...shared,
        'src/features/chat/chat-send.ts':
          "import { y } from '../../lib/http';\nimport { x } from '../../shared/contract';\nimport { z } from './chat-store';\n",
        'src/features/tasks/booking/book.ts': "import { h } from '../history/history-card';\n",
        'src/routes/client/chat.tsx':
          "import { send } from '../../features/chat/chat-send';\nimport { book } from '../../features/tasks/booking/book';\n",
        'src/shared/rules.ts': "import { z } from 'zod';\nimport { x } from './contract';\n",
        'sw/sw.ts':
          "import { x } from '../src/shared/contract';\nimport { precacheAndRoute } from 'workbox-precaching';\n",
        'server/tasks/tasks.routes.ts':
          "import { x } from '../../src/shared/contract';\nimport { Hono } from 'hono';\n",
      }),
    );
    expect(violations).toEqual([]);
  });

  it("the driver's app may use src/ui, src/lib and src/shared, never a client screen or feature; nothing imports it", () => {
    const violations = checkImports(
      repo({
        ...shared,
        'src/ui/modal.tsx': 'export const M = 1;\n',
        'src/driver-app/task.tsx':
          "import { y } from '../lib/http';\nimport { M } from '../ui/modal';\nimport { x } from '../shared/contract';\nimport { send } from '../features/chat/chat-send';\nimport { r } from '../routes/client/home';\n",
        'src/routes/client/home.tsx': "import { T } from '../../driver-app/task';\n",
        'src/lib/driver.ts': "import { T } from '../driver-app/task';\n",
      }),
    );
    expect(violations.map((v) => [v.file, v.specifier])).toEqual([
      ['src/driver-app/task.tsx', '../features/chat/chat-send'],
      ['src/driver-app/task.tsx', '../routes/client/home'],
      ['src/lib/driver.ts', '../driver-app/task'],
      ['src/routes/client/home.tsx', '../../driver-app/task'],
    ]);
  });

  it('src/lib importing a feature, a component or a route fails, whether by a static, a type-only or a lazy import', () => {
    const violations = checkImports(
      repo({
        'src/lib/use-chat.ts':
          "import { send } from '../features/chat/chat-send';\nimport type { P } from '../ui/modal';\nconst r = () => import('../routes/client/home');\nimport { routeTree } from '../routeTree.gen';\nimport { y } from './http';\nimport { x } from '../shared/contract';\n",
        'src/lib/api/user.ts': "import { Avatar } from '../../ui/avatar';\n",
      }),
    );
    expect(violations.map((v) => [v.file, v.specifier])).toEqual([
      ['src/lib/api/user.ts', '../../ui/avatar'],
      ['src/lib/use-chat.ts', '../features/chat/chat-send'],
      ['src/lib/use-chat.ts', '../ui/modal'],
      ['src/lib/use-chat.ts', '../routeTree.gen'],
      ['src/lib/use-chat.ts', '../routes/client/home'],
    ]);
    expect(violations[0]!.rule).toBe('src/lib imports nothing from a layer above it (src/ui)');
    expect(violations[1]!.rule).toBe('src/lib imports nothing from a layer above it (src/features)');
  });

  it('src/ui importing a feature or a route fails; lib and shared are allowed', () => {
    const violations = checkImports(
      repo({
        'src/ui/offline-banner.tsx':
          "import { Bell } from '../features/dashboard/notification-bell';\nimport { useOnline } from '../lib/use-online';\nimport { x } from '../shared/contract';\nimport { Modal } from './modal';\n",
        'src/ui/not-found.tsx': "const home = () => import('../routes/index');\n",
      }),
    );
    expect(violations.map((v) => [v.file, v.specifier, v.rule])).toEqual([
      ['src/ui/not-found.tsx', '../routes/index', 'src/ui imports nothing from a layer above it (src/routes)'],
      [
        'src/ui/offline-banner.tsx',
        '../features/dashboard/notification-bell',
        'src/ui imports nothing from a layer above it (src/features)',
      ],
    ]);
  });

  it('a feature importing a route fails', () => {
    const violations = checkImports(
      repo({ 'src/features/chat/chat-modal.tsx': "import { R } from '../../routes/client/home';\n" }),
    );
    expect(violations.map((v) => v.rule)).toEqual(['src/features imports nothing from a layer above it (src/routes)']);
  });

  it('a feature importing another feature fails, whether by a static, a type-only or a lazy import', () => {
    const violations = checkImports(
      repo({
        'src/features/chat/chat-modal.tsx':
          "import { Map } from '../maps/route-map';\nimport type { T } from '../tasks/details/task';\nconst lazy = () => import('../auth/login-call');\n",
      }),
    );
    expect(violations.map((v) => v.specifier)).toEqual([
      '../maps/route-map',
      '../tasks/details/task',
      '../auth/login-call',
    ]);
    expect(violations[0].rule).toMatch(/a feature never imports another feature .*chat -> maps/);
  });

  it("the operators' console uses ui, lib and shared only, and nothing of the client imports it", () => {
    const violations = checkImports(
      repo({
        ...shared,
        'src/ui/logo.tsx': 'export const Logo = 1;\n',
        'src/features/chat/chat-send.ts': 'export const send = 1;\n',
        'src/ops-console/main.tsx':
          "import { y } from '../lib/http';\nimport { x } from '../shared/contract';\nimport { Logo } from '../ui/logo';\nimport { b } from './screens/board';\nimport { send } from '../features/chat/chat-send';\nimport { routeTree } from '../routeTree.gen';\n",
        'src/ops-console/screens/board.tsx': "import { R } from '../../routes/client/home';\nexport const b = 1;\n",
        'src/routes/client/home.tsx': "import { b } from '../../ops-console/screens/board';\n",
        'src/lib/ops.ts': "const c = () => import('../ops-console/main');\n",
      }),
    );
    expect(violations.map((v) => [v.file, v.specifier, v.rule])).toEqual([
      ['src/lib/ops.ts', '../ops-console/main', 'nothing outside src/ops-console imports the console'],
      [
        'src/ops-console/main.tsx',
        '../features/chat/chat-send',
        "src/ops-console imports only src/ui, src/lib and src/shared (not the client's features or routes)",
      ],
      [
        'src/ops-console/main.tsx',
        '../routeTree.gen',
        "src/ops-console imports only src/ui, src/lib and src/shared (not the client's features or routes)",
      ],
      [
        'src/ops-console/screens/board.tsx',
        '../../routes/client/home',
        "src/ops-console imports only src/ui, src/lib and src/shared (not the client's features or routes)",
      ],
      [
        'src/routes/client/home.tsx',
        '../../ops-console/screens/board',
        'nothing outside src/ops-console imports the console',
      ],
    ]);
  });

  it('src/shared importing the app (lib, features, ui, routes) or React fails', () => {
    const violations = checkImports(
      repo({
        ...shared,
        'src/shared/bad.ts':
          "import { y } from '../lib/http';\nimport { F } from '../features/chat/chat-send';\nimport { B } from '../ui/button';\nimport { R } from '../routes/root';\nimport { useState } from 'react';\nimport { createRoot } from 'react-dom/client';\nexport { m } from 'maplibre-gl';\n",
      }),
    );
    expect(violations.map((v) => v.specifier)).toEqual([
      '../lib/http',
      '../features/chat/chat-send',
      '../ui/button',
      '../routes/root',
      'react',
      'react-dom/client',
      'maplibre-gl',
    ]);
    expect(violations.every((v) => v.file === 'src/shared/bad.ts')).toBe(true);
  });

  it("the server's rooms: only the command line imports server/ops, only the app and the entry import a route", () => {
    const violations = checkImports(
      repo({
        'server/ops/format.ts': 'export const f = 1;\n',
        'server/ops/cli.ts': "import { f } from './format';\nimport { c } from '../console/commands';\n",
        'server/console/commands.ts': "import { f } from '../ops/format';\nimport { r } from './ops.routes';\n",
        'server/console/ops.routes.ts': "import { c } from './commands';\nimport { t } from '../tasks/chat.routes';\n",
        'server/tasks/chat.routes.ts': 'export const t = 1;\n',
        'server/app.ts': "import { r } from './console/ops.routes';\n",
        'server/index.ts': "import type { T } from './tasks/chat.routes';\n",
        'server/db/tasks.ts': "import { t } from '../tasks/chat.routes';\n",
      }),
    );
    expect(violations.map((v) => [v.file, v.specifier, v.rule])).toEqual([
      [
        'server/console/commands.ts',
        '../ops/format',
        'server/ops is the command line: nothing else in server/ imports it',
      ],
      [
        'server/console/commands.ts',
        './ops.routes',
        'a route file (*.routes.ts) is imported only by server/app.ts and server/index.ts',
      ],
      [
        'server/console/ops.routes.ts',
        '../tasks/chat.routes',
        'a route file (*.routes.ts) is imported only by server/app.ts and server/index.ts',
      ],
      [
        'server/db/tasks.ts',
        '../tasks/chat.routes',
        'a route file (*.routes.ts) is imported only by server/app.ts and server/index.ts',
      ],
    ]);
  });

  it('the worker or the server importing from src/ outside src/shared fails', () => {
    const violations = checkImports(
      repo({
        ...shared,
        'sw/sw.ts': "import { y } from '../src/lib/http';\n",
        'server/tasks/tasks.routes.ts':
          "import { send } from '../../src/features/chat/chat-send';\nimport { B } from '../../src/ui/button';\nimport { R } from '../../src/routes/root';\n",
      }),
    );
    expect(violations).toEqual([
      {
        file: 'server/tasks/tasks.routes.ts',
        specifier: '../../src/features/chat/chat-send',
        rule: 'server imports from src/ only what is in src/shared/',
      },
      {
        file: 'server/tasks/tasks.routes.ts',
        specifier: '../../src/ui/button',
        rule: 'server imports from src/ only what is in src/shared/',
      },
      {
        file: 'server/tasks/tasks.routes.ts',
        specifier: '../../src/routes/root',
        rule: 'server imports from src/ only what is in src/shared/',
      },
      { file: 'sw/sw.ts', specifier: '../src/lib/http', rule: 'sw imports from src/ only what is in src/shared/' },
    ]);
  });
});
