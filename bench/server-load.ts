/**
 * A short, bounded load on the reference server, on 127.0.0.1 only: 10 connections for 5 s
 * on each of login, userdata and getMessages, with autocannon.
 */
import autocannon from 'autocannon';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import type { GetMessagesAnswer, LoginAnswer, TasksAnswer, UserDataAnswer } from '../src/shared/contract';

export interface EndpointLoad {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

export type ServerLoad = Record<'login' | 'userdata' | 'getMessages', EndpointLoad>;

const LOAD = { connections: 10, duration: 5 };

async function post<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(new URL(path, baseURL), { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function load(url: string, body: unknown, token?: string): Promise<EndpointLoad> {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error('the load test runs on 127.0.0.1 only');
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const result = await autocannon({ url, method: 'POST', headers, body: JSON.stringify(body), ...LOAD });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

export async function measureServerLoad(baseURL: string): Promise<ServerLoad> {
  const credentials = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
  const token = (await post<LoginAnswer>(baseURL, '/client/login', credentials)).data;
  const user = (await post<UserDataAnswer>(baseURL, '/client/userdata', {}, token)).data;
  const tasks = (await post<TasksAnswer>(baseURL, '/client/task', { userId: user._id }, token)).data;
  const task = tasks[0];
  if (!task) throw new Error('the demo client has no task');
  await post<GetMessagesAnswer>(baseURL, '/client/getMessages', { taskId: task._id }, token);

  return {
    login: await load(new URL('/client/login', baseURL).href, credentials),
    userdata: await load(new URL('/client/userdata', baseURL).href, {}, token),
    getMessages: await load(new URL('/client/getMessages', baseURL).href, { taskId: task._id }, token),
  };
}
