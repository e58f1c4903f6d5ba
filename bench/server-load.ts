/**
 * A short, bounded load on the reference server, on 127.0.0.1 only: 10 connections for 5 s
 * on each of login, userdata and getMessages, with autocannon. Against several instances
 * of one server, the connections are split evenly between them and run at once.
 */
import autocannon from 'autocannon';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import type { GetMessagesResponse, LoginResponse, TasksResponse, UserDataResponse } from '../src/shared/contract';

export interface EndpointLoad {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

export type ServerLoad = Record<'login' | 'userdata' | 'getMessages', EndpointLoad>;

const LOAD = { connections: 10, duration: 5 };

/** A JSON POST to the API for the bench's set-up (not measured); throws on a non-2xx answer. */
export async function post<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(new URL(path, baseURL), { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * One endpoint under load on every instance at once. Throughput adds up; the latencies are
 * the worst instance's (a p99 of the whole is at most that).
 */
async function load(urls: string[], body: unknown, token?: string): Promise<EndpointLoad> {
  if (urls.some((url) => new URL(url).hostname !== '127.0.0.1'))
    throw new Error('the load test runs on 127.0.0.1 only');
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const connections = Math.max(1, Math.round(LOAD.connections / urls.length));
  const results = await Promise.all(
    urls.map((url) => autocannon({ url, method: 'POST', headers, body: JSON.stringify(body), ...LOAD, connections })),
  );
  return {
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p50Ms: Math.max(...results.map((result) => result.latency.p50)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    failed: results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
  };
}

/** The load on one server, or spread over several instances of one server (`baseURLs`). */
export async function measureServerLoad(...baseURLs: [string, ...string[]]): Promise<ServerLoad> {
  const baseURL = baseURLs[0];
  const at = (path: string) => baseURLs.map((url) => new URL(path, url).href);
  const credentials = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
  const token = (await post<LoginResponse>(baseURL, '/client/login', credentials)).data;
  const user = (await post<UserDataResponse>(baseURL, '/client/userdata', {}, token)).data;
  const tasks = (await post<TasksResponse>(baseURL, '/client/task', { userId: user._id }, token)).data;
  const task = tasks[0];
  if (!task) throw new Error('the demo client has no task');
  await post<GetMessagesResponse>(baseURL, '/client/getMessages', { taskId: task._id }, token);

  return {
    login: await load(at('/client/login'), credentials),
    userdata: await load(at('/client/userdata'), {}, token),
    getMessages: await load(at('/client/getMessages'), { taskId: task._id }, token),
  };
}
