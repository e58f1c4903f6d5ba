import { expect, type APIRequestContext } from '@playwright/test';
import type {
  LoginResponse,
  PlanName,
  PlansResponse,
  SignupRequest,
  User,
  UserDataResponse,
} from '../../src/shared/contract';
import { nairaToKobo } from '../../src/shared/money';
import { newPhone } from './phones';

export interface NewClient {
  email: string;
  password: string;
  token: string;
  user: User;
}

let counter = 0;

/**
 * A client of its own for a test that changes data (profile edits, payments, subscriptions):
 * signed up and logged in through the API (POST /client/signup, then /client/login), so the
 * shared demo client is never touched.
 */
export async function signUpNewClient(
  request: APIRequestContext,
  details: Partial<SignupRequest> = {},
): Promise<NewClient> {
  counter += 1;
  const email = `client-${Date.now()}-${process.pid}-${counter}@example.ng`;
  const password = 'greenpick-test-1';
  const signup: SignupRequest = {
    firstname: 'Chidi',
    lastname: 'Eze',
    email,
    phonenumber: newPhone(),
    password,
    ...details,
  };
  const created = await request.post('/client/signup', { data: signup });
  expect(created.status(), await created.text()).toBeLessThan(300);

  const login = await request.post('/client/login', { data: { email: signup.email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as LoginResponse).data;

  const userData = await request.post('/client/userdata', { data: { token } });
  expect(userData.status()).toBe(200);
  return { email: signup.email, password, token, user: ((await userData.json()) as UserDataResponse).data };
}

/** Buys a plan for the client through the API (a test ledger payment of its price, then POST /client/subscribe). */
export async function subscribeClient(request: APIRequestContext, client: NewClient, plan: PlanName): Promise<void> {
  const reference = `${plan}-${Date.now()}-${process.pid}-${++counter}`;
  const headers = { Authorization: `Bearer ${client.token}` };
  // The plan's price now (the admin's, GET /client/plans: naira on the wire).
  const plans = (await (await request.get('/client/plans', { headers })).json()) as PlansResponse;
  const priceKobo = nairaToKobo(plans.data.find((offered) => offered.key === plan)?.price ?? 0);
  const paid = await request.post('/dev/payments', {
    headers,
    data: { reference, amount: priceKobo, email: client.email },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const subscribed = await request.post('/client/subscribe', {
    headers,
    data: { userId: client.user._id, plan, reference },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
}

/** Saves a place as the client's 'Home' through the API (POST /client/places/save). */
export async function saveHomePlace(
  request: APIRequestContext,
  client: NewClient,
  place: { address: string; lat: number; lng: number; addressDetails: string },
): Promise<void> {
  const saved = await request.post('/client/places/save', {
    headers: { Authorization: `Bearer ${client.token}` },
    data: {
      label: 'home',
      address: place.address,
      addressDetails: place.addressDetails,
      location: { type: 'Point', coordinates: [place.lng, place.lat] },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}
