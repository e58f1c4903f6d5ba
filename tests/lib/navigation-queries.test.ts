// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tasksQuery } from '../../src/lib/api/tasks';
import { userQuery } from '../../src/lib/api/user';
import { navigationQueries } from '../../src/lib/navigation-queries';
import { createQueryClient } from '../../src/lib/query-client';
import { sampleTask, sampleUser } from '../sample-data';
import { stubApi, tokenFor } from '../query-support';

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the route loaders' queries", () => {
  it("start the user and, beside it, the tasks of the token's subject and the recurring pickups; the loader does not wait for them", async () => {
    const responses: Array<() => void> = [];
    const sent = stubApi(
      (path) =>
        new Promise((resolve) =>
          responses.push(() =>
            resolve(
              Response.json(
                path === 'client/userdata'
                  ? { data: sampleUser() }
                  : path === 'client/schedules'
                    ? { data: [] }
                    : { data: [sampleTask()] },
              ),
            ),
          ),
        ),
    );
    const client = createQueryClient();
    expect(navigationQueries(client).userAndTasks()).toBeUndefined();
    await vi.waitFor(
      () =>
        expect(sent.map((request) => request.path).sort()).toEqual([
          'client/schedules',
          'client/task',
          'client/userdata',
        ]),
      { timeout: 15_000 },
    );
    for (const respond of responses) respond();
    await vi.waitFor(() => expect(client.getQueryData(tasksQuery('u1').queryKey)?.data).toHaveLength(1), {
      timeout: 15_000,
    });
    expect(client.getQueryData(userQuery().queryKey)?.data._id).toBe('u1');
  });

  it('the next navigation shows what is cached at once and fetches it again', async () => {
    let name = 'Ada';
    const sent = stubApi(async () => Response.json({ data: sampleUser({ firstname: name }) }));
    const client = createQueryClient();
    const queries = navigationQueries(client);
    queries.user();
    await vi.waitFor(() => expect(client.getQueryData(userQuery().queryKey)?.data.firstname).toBe('Ada'), {
      timeout: 15_000,
    });
    name = 'Adaeze';
    queries.user();
    expect(client.getQueryData(userQuery().queryKey)?.data.firstname).toBe('Ada');
    await vi.waitFor(() => expect(client.getQueryData(userQuery().queryKey)?.data.firstname).toBe('Adaeze'), {
      timeout: 15_000,
    });
    expect(sent).toHaveLength(2);
  });
});
