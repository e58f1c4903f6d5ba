import { expect, type APIRequestContext } from '@playwright/test';
import type { DriverLocationResponse } from '../../src/shared/contract';
import type { NewClient } from './new-client';

export interface NewDriver {
  id: string;
  phone: string;
  /** The one-time password `npm run ops -- add-driver` prints. */
  password: string;
  firstname: string;
}

let counter = 0;

/** A driver of the test's own, added as an operator does (POST /ops/drivers), with its one-time password. */
export async function addDriver(request: APIRequestContext, at: { lat: number; lng: number }): Promise<NewDriver> {
  const token = process.env.E2E_OPS_TOKEN;
  if (!token) throw new Error('E2E_OPS_TOKEN is not set: the global setup gives the server an ops token');
  counter += 1;
  // A Nigerian mobile number of its own per test (0803 and 7 digits).
  const digits = String((process.pid * 1000 + counter + Date.now()) % 10_000_000).padStart(7, '0');
  const phone = `+234803${digits}`;
  const firstname = 'Tunde';
  const added = await request.post('/ops/drivers', {
    headers: { 'X-Ops-Token': token },
    data: { firstname, lastname: `Bello${counter}`, phone, ...at },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id, password } = ((await added.json()) as { data: { id: string; password: string } }).data;
  expect(password).toMatch(/^\S{8,}$/);
  return { id, phone, password, firstname };
}

/** Where the client reads the driver (GET /driver/location/:id), as the client's 30 s poll does. */
export async function driverLocationSeenByClient(
  request: APIRequestContext,
  client: NewClient,
  driverId: string,
): Promise<{ lat: number; lng: number } | null> {
  const answer = await request.get(`/driver/location/${driverId}`, {
    headers: { Authorization: `Bearer ${client.token}` },
  });
  if (answer.status() !== 200) return null;
  const [lng, lat] = ((await answer.json()) as DriverLocationResponse).data.location.coordinates;
  return { lat: lat!, lng: lng! };
}
