/**
 * The server figures on a real PostgreSQL: a throw-away cluster (scripts/throwaway-postgres.ts),
 * then the same load as on PGlite against one instance and against two instances of the
 * server sharing that database (separate processes, started at the same moment, as behind
 * a load balancer). Null when no PostgreSQL server binaries are installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { findPostgresBin, freePort, startThrowawayPostgres } from '../scripts/throwaway-postgres';
import { repoRoot } from './serve';
import { measureServerLoad, type ServerLoad } from './server-load';

export interface PostgresLoad {
  oneInstance: ServerLoad;
  twoInstances: ServerLoad;
}

interface Instance {
  url: string;
  process: ChildProcess;
}

/** Starts bench/postgres-instance.ts in a process of its own; resolves once it listens. */
export async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/postgres-instance.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      DEMO: '1',
      SIMULATOR: '0',
      LOG: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`a server instance stopped before it was ready (exit ${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, process: child };
}

export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill('SIGTERM');
  await exited;
}

/** Makes the bench's database on the throw-away cluster; answers its URL. */
export async function createBenchDatabase(clusterUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query('create database greenpick_bench');
  await admin.end();
  return clusterUrl.replace(/\/postgres$/, '/greenpick_bench');
}

export async function measurePostgresLoad(): Promise<PostgresLoad | null> {
  if (!findPostgresBin()) return null;
  const cluster = await startThrowawayPostgres();
  const instances: Instance[] = [];
  try {
    const databaseUrl = await createBenchDatabase(cluster.url);
    instances.push(...(await Promise.all([startInstance(databaseUrl), startInstance(databaseUrl)])));
    const [first, second] = instances as [Instance, Instance];
    return {
      oneInstance: await measureServerLoad(first.url),
      twoInstances: await measureServerLoad(first.url, second.url),
    };
  } finally {
    await Promise.all(instances.map(stopInstance));
    cluster.stop();
  }
}
