// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateTaskScreen, type ChosenPlace } from '../../../src/features/tasks/create-task-screen';
import type { User } from '../../../src/shared/contract';
import { CACHED_AT_HEADER } from '../../../src/shared/cached-responses';
import { closeOfflineDb, openOfflineDb, putCachedResponse } from '../../../src/shared/offline-db';
import { stubApi, tokenFor, withQueryClient } from '../../query-support';
import { DETAILS_NEEDED } from '../../../src/features/tasks/booking/booking-rules';
import { priceTableQuery } from '../../../src/lib/api/pricing';
import { userQuery } from '../../../src/lib/api/user';
import { createQueryClient } from '../../../src/lib/query-client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mocks = vi.hoisted(() => ({
  navigate: vi.fn(),
  toastError: vi.fn(),
}));

vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => mocks.navigate,
  useRouter: () => ({ invalidate: vi.fn() }),
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), {
    error: mocks.toastError,
    info: vi.fn(),
    loading: vi.fn(),
    update: vi.fn(),
    dismiss: vi.fn(),
  }),
}));

const user = { _id: 'u1', email: 'ada@example.ng', firstname: 'Ada', lastname: 'Obi' } as User;
type Point = { lat: number; lng: number };
let choose: (choice: ChosenPlace) => void = () => undefined;
let locate: (point: Point) => void = () => undefined;
let move: (point: Point) => boolean = () => false;
let labels: Map<string, (label: string) => void>;
const describePoint = vi.fn(
  (point: Point) =>
    new Promise<string>((resolve) => {
      labels.set(`${point.lat},${point.lng}`, resolve);
    }),
);

/** `answers`: the reply comes by itself (renderScreen waits for it), not when the test says. */
type Reply = (() => Promise<Response>) & { answers?: true };
const pending: Reply = () => new Promise(() => {});
const ok = (data: unknown, cachedAt: number | null = null): Reply =>
  Object.assign(
    async () => Response.json({ data }, { headers: cachedAt === null ? {} : { [CACHED_AT_HEADER]: String(cachedAt) } }),
    { answers: true as const },
  );
/** The server's responses to the screen's queries: the user and the price list (null: not a list, so the fallback prices); pending until given. */
const api: { user: Reply; prices: Reply } = { user: pending, prices: pending };
const loaded = (loadedUser: User) => {
  api.user = ok(loadedUser);
  api.prices = ok(null);
};

/** Lets what has arrived render. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** Renders the screen and waits until the replies that come by themselves (`ok`) have arrived, however slow the machine. */
async function renderScreen(serviceType = 'recycling') {
  const client = createQueryClient();
  const answered = [
    ...(api.user.answers ? [userQuery().queryKey] : []),
    ...(api.prices.answers ? [priceTableQuery().queryKey] : []),
  ];
  const rendered = render(
    withQueryClient(
      <CreateTaskScreen
        serviceType={serviceType}
        loadPayments={() => Promise.reject(new Error('no payment in these tests'))}
        renderAddressSearch={(onChoose, selectedAddress) => {
          choose = onChoose;
          return <input aria-label="Address" readOnly value={selectedAddress ?? ''} />;
        }}
        renderCurrentLocation={(onLocated) => {
          locate = onLocated;
          return <button type="button">Use my current location</button>;
        }}
        renderMap={(place, onMove) => {
          move = onMove;
          return <div>map at {place.lat}</div>;
        }}
        describePoint={describePoint}
      />,
      client,
    ),
  );
  await waitFor(() => {
    for (const key of answered) expect(client.getQueryState(key)?.status).not.toBe('pending');
  });
  await settle();
  return rendered;
}

const addressInput = () => screen.getByRole('textbox', { name: 'Address' }) as HTMLInputElement;

beforeEach(async () => {
  labels = new Map();
  describePoint.mockClear();
  api.user = pending;
  api.prices = pending;
  stubApi((path) => (path === 'client/userdata' ? api.user() : path === 'admin/pricing' ? api.prices() : pending()));
  localStorage.setItem('token', tokenFor('u1'));
  await (await openOfflineDb()).clear('answers');
  mocks.navigate.mockReset();
  mocks.toastError.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
afterAll(() => closeOfflineDb());

/** The Task Summary's facts, not the phone sheet's one line (service and amount) that repeats them. */
const IN_FACTS = { ignore: 'script, style, .summary-sheet-line, .summary-sheet-line *' };

describe('the create task screen (/client/create)', () => {
  it("is titled '{service name} Task' and shows 'Loading...' while prices load, with Proceed to Payment disabled", async () => {
    await renderScreen('recycling');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Recycling Services Task');
    // The service shows at once; Price and Pricing Unit wait for the price list.
    expect(screen.getByText('Recycling Services', IN_FACTS)).toBeTruthy();
    expect(screen.getAllByText('Loading...')).toHaveLength(2);
    expect(screen.getByText('Please type an address above to see the map')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks 'How many kg?' while prices load (the service's usual unit), so the field does not push 'When?' down when they arrive", async () => {
    await renderScreen('recycling');
    expect(screen.getAllByText('Loading...')).toHaveLength(2);
    expect(screen.getByRole('spinbutton', { name: 'How many kg?' })).toBeTruthy();
    cleanup();
    await renderScreen('household');
    expect(screen.getAllByText('Loading...')).toHaveLength(2);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('paints the price cached on the device at once while the network responds, and pays only once it has', async () => {
    api.user = ok(user);
    await putCachedResponse('u1', 'admin/pricing', {
      data: [{ _id: 'p1', serviceName: 'Recycling Collection', price: 1400, unit: 'per kg' }],
    });
    let respondPrices: () => void = () => {};
    api.prices = () =>
      new Promise((resolve) => {
        respondPrices = () => resolve(Response.json({ data: null }));
      });
    await renderScreen('recycling');
    expect(await screen.findByText('₦1,400.00', IN_FACTS)).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    await act(async () => choose({ address: 'Yaba, Lagos State, Nigeria', location: { lat: 6.5, lng: 3.37 } }));
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Loading prices...')).toBeTruthy();

    respondPrices();
    expect(await screen.findByText('₦1,500.00', IN_FACTS)).toBeTruthy();
    expect(screen.queryByText('₦1,400.00', IN_FACTS)).toBeNull();
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("an unknown service is 'Default Service' at ₦3,000.00 per pickup", async () => {
    loaded(user);
    await renderScreen('default');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Default Service Task');
    expect(await screen.findByText('₦3,000.00', IN_FACTS)).toBeTruthy();
    expect(screen.getByText('per pickup')).toBeTruthy();
  });

  it('recycling says, next to its price, what the client pays per kg and earns (10 points per kg); household does not', async () => {
    loaded(user);
    await renderScreen('recycling');
    expect(
      await screen.findByText(
        'You pay ₦1,500.00 per kg collected, and earn 10 points per kg (each point is ₦1 off a later booking).',
      ),
    ).toBeTruthy();
    cleanup();
    loaded(user);
    await renderScreen('household');
    expect(await screen.findByText('₦1,500.00', IN_FACTS)).toBeTruthy();
    expect(screen.queryByText(/points per kg/)).toBeNull();
  });

  it('choosing a place shows the map, the coordinates to 6 decimals, and enables Proceed to Payment', async () => {
    loaded(user);
    await renderScreen('recycling');
    expect(await screen.findByText('₦1,500.00', IN_FACTS)).toBeTruthy();
    expect(screen.getByText('per kg')).toBeTruthy();
    await act(async () => choose({ address: 'Ikeja, Lagos State, Nigeria', location: { lat: 6.5965, lng: 3.3421 } }));
    expect(screen.getByText('6.596500, 3.342100')).toBeTruthy();
    expect(screen.getByText('map at 6.5965')).toBeTruthy();
    expect(screen.queryByText('Please type an address above to see the map')).toBeNull();
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Proceed to Payment stays disabled with no user email', async () => {
    loaded({ ...user, email: '' });
    await renderScreen('recycling');
    await act(async () => choose({ address: 'Ikeja', location: { lat: 6.5965, lng: 3.3421 } }));
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a place without geometry: 'Please select a valid address from the dropdown'", async () => {
    loaded(user);
    await renderScreen('recycling');
    await act(async () => choose({ address: 'Nowhere', location: null }));
    expect(mocks.toastError.mock.calls.map(([message]) => message)).toEqual([
      'Please select a valid address from the dropdown',
    ]);
    // Beside the address search as well, until a place with geometry is chosen.
    expect(screen.getByText('Please select a valid address from the dropdown')).toBeTruthy();
    expect(screen.getByText('Please type an address above to see the map')).toBeTruthy();
    await act(async () => choose({ address: 'Ikeja', location: { lat: 6.5965, lng: 3.3421 } }));
    expect(screen.queryByText('Please select a valid address from the dropdown')).toBeNull();
  });

  it("'Failed to load user data' or the server message is shown", async () => {
    api.user = () => Promise.reject(new TypeError('Failed to fetch'));
    await renderScreen('recycling');
    // Query tries a read whose network failed twice more first (src/lib/query-retry.ts).
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith('Failed to load user data'));
    expect(screen.getByText('Failed to load user data')).toBeTruthy();
    cleanup();
    mocks.toastError.mockReset();
    api.user = async () => Response.json({ message: 'Database unavailable' }, { status: 500 });
    await renderScreen('recycling');
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith('Database unavailable'));
  });

  it("an offline price list says 'Offline - last updated <time>' in the summary", async () => {
    api.user = ok(user);
    api.prices = ok(null, Date.now() - 60_000);
    await renderScreen('recycling');
    expect(screen.getByTestId('offline-marker').textContent).toMatch(/^Offline - last updated/);
  });

  it("without a token: 'Please login to continue' and a redirect to /", async () => {
    localStorage.clear();
    await renderScreen('recycling');
    expect(mocks.toastError).toHaveBeenCalledWith('Please login to continue');
    expect(mocks.navigate).toHaveBeenCalledWith({ to: '/', replace: true });
  });

  it('the device location pins the task there; the label replaces the coordinates when it arrives', async () => {
    loaded(user);
    await renderScreen('recycling');
    await act(async () => locate({ lat: 6.5095, lng: 3.3711 }));
    expect(screen.getByText('6.509500, 3.371100')).toBeTruthy();
    expect(screen.getByText('map at 6.5095')).toBeTruthy();
    expect(addressInput().value).toBe('Pinned location 6.509500, 3.371100');
    expect(describePoint).toHaveBeenCalledWith({ lat: 6.5095, lng: 3.3711 });
    await act(async () => labels.get('6.5095,3.3711')!('Near Yaba, Lagos'));
    expect(addressInput().value).toBe('Near Yaba, Lagos');
    // 'Near Yaba' is only roughly where: the details are required before paying.
    const proceed = () => screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement;
    await waitFor(() => expect(screen.getAllByText(DETAILS_NEEDED).length).toBeGreaterThan(0));
    expect(proceed().disabled).toBe(true);
    expect(screen.getByRole('textbox', { name: /Address details/ }).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByRole('textbox', { name: /Address details/ }), {
      target: { value: '12 Herbert Macaulay Way' },
    });
    await waitFor(() => expect(proceed().disabled).toBe(false));
  });

  it('a dragged pin or a tap moves the chosen point; a label that arrives after a newer move is dropped', async () => {
    loaded(user);
    await renderScreen('recycling');
    await act(async () => choose({ address: 'Ikeja, Lagos State, Nigeria', location: { lat: 6.5965, lng: 3.3421 } }));
    expect(screen.getByText('Not the exact spot? Drag the pin or tap the map.')).toBeTruthy();
    let accepted = false;
    await act(async () => {
      accepted = move({ lat: 6.6018, lng: 3.3515 });
    });
    expect(accepted).toBe(true);
    await act(async () => void move({ lat: 6.6001, lng: 3.35 }));
    expect(screen.getByText('6.600100, 3.350000')).toBeTruthy();
    await act(async () => labels.get('6.6018,3.3515')!('Near Allen Avenue, Lagos'));
    expect(addressInput().value).toBe('Pinned location 6.600100, 3.350000');
    await act(async () => labels.get('6.6001,3.35')!('Near Ikeja, Lagos'));
    expect(addressInput().value).toBe('Near Ikeja, Lagos');
  });

  it('a point outside Nigeria is refused with a message, and the place stays', async () => {
    loaded(user);
    await renderScreen('recycling');
    await act(async () => choose({ address: 'Badagry, Lagos State, Nigeria', location: { lat: 6.415, lng: 2.8813 } }));
    let accepted = true;
    await act(async () => {
      accepted = move({ lat: 6.4, lng: 2.4 });
    });
    expect(accepted).toBe(false);
    // The flow's toasts load react-toastify on the first toast, so the call comes a moment later.
    await waitFor(() =>
      expect(mocks.toastError).toHaveBeenCalledWith(
        'GreenPick works in Nigeria only: put the pin on a place in Nigeria.',
        expect.objectContaining({ toastId: expect.any(String) }),
      ),
    );
    expect(screen.getByText('6.415000, 2.881300')).toBeTruthy();
    expect(describePoint).not.toHaveBeenCalled();
  });

  it("has an optional 'Address details' field of at most 200 characters, with a count", async () => {
    await renderScreen('recycling');
    const details = screen.getByRole('textbox', { name: /^Address details/ }) as HTMLTextAreaElement;
    expect(details.maxLength).toBe(200);
    expect(details.required).toBe(false);
    fireEvent.change(details, { target: { value: 'Blue gate' } });
    expect(screen.getByText('9/200')).toBeTruthy();
  });
});
