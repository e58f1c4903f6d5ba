// @vitest-environment jsdom
/** Every text input the server reads lets a person type exactly as much as the server takes (src/shared/limits.ts). */
import { cleanup, render, screen } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AddressSearch } from '../../src/features/maps/address-search';
import { EditProfileForm } from '../../src/features/profile/edit-profile-form';
import type { User } from '../../src/shared/contract';
import { MAX_LENGTH } from '../../src/shared/limits';
import { renderApp } from './auth/render-app';
import { withQueryClient } from '../query-support';

const maxLengthOf = (element: HTMLElement) => (element as HTMLInputElement | HTMLTextAreaElement).maxLength;

beforeEach(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

describe("inputs' maxLength equal the server's limits", () => {
  it('sign-up', async () => {
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(maxLengthOf(screen.getByLabelText('First Name'))).toBe(MAX_LENGTH.name);
    expect(maxLengthOf(screen.getByLabelText('Last Name'))).toBe(MAX_LENGTH.name);
    expect(maxLengthOf(screen.getByLabelText('Email Address'))).toBe(MAX_LENGTH.email);
    expect(maxLengthOf(screen.getByLabelText('Phone Number'))).toBe(MAX_LENGTH.phone);
    expect(maxLengthOf(screen.getByLabelText('Password', { exact: true }))).toBe(MAX_LENGTH.password);
    expect(maxLengthOf(screen.getByLabelText('Confirm Password', { exact: true }))).toBe(MAX_LENGTH.password);
  });

  it('login and recovery', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(maxLengthOf(screen.getByLabelText('Email Address'))).toBe(MAX_LENGTH.email);
    expect(maxLengthOf(screen.getByLabelText('Password', { exact: true }))).toBe(MAX_LENGTH.password);
    cleanup();
    renderApp('/forgot');
    expect(maxLengthOf(await screen.findByRole('textbox', { name: /Email/ }))).toBe(MAX_LENGTH.email);
  });

  it('profile edit', async () => {
    const user: User = {
      _id: 'u1',
      email: 'ada@example.ng',
      firstname: 'Ada',
      lastname: 'Okafor',
      phonenumber: '',
      bio: '',
      avatar: '',
      referralCode: 'ADAOKAFO',
      notification: false,
      balance: 0,
      subscription: null,
    };
    const root = createRootRoute({ component: Outlet });
    const edit = createRoute({
      getParentRoute: () => root,
      path: '/client/edit',
      component: () => <EditProfileForm user={user} onSaved={() => {}} />,
    });
    render(
      withQueryClient(
        <RouterProvider
          router={createRouter({
            routeTree: root.addChildren([edit]),
            history: createMemoryHistory({ initialEntries: ['/client/edit'] }),
          })}
        />,
      ),
    );
    expect(maxLengthOf(await screen.findByLabelText('First Name'))).toBe(MAX_LENGTH.name);
    expect(maxLengthOf(screen.getByLabelText('Last Name'))).toBe(MAX_LENGTH.name);
    expect(maxLengthOf(screen.getByLabelText('Email'))).toBe(MAX_LENGTH.email);
    expect(maxLengthOf(screen.getByLabelText('Phone (Optional)'))).toBe(MAX_LENGTH.phone);
    expect(maxLengthOf(screen.getByLabelText('Bio (Optional)'))).toBe(MAX_LENGTH.bio);
  });

  it('address search', () => {
    render(
      <AddressSearch
        search={{
          suggest: async () => [],
          choose: async () => ({ address: '', location: { lat: 0, lng: 0 } }),
          describe: async () => '',
        }}
        onChoose={() => {}}
      />,
    );
    expect(maxLengthOf(screen.getByRole('combobox', { name: 'Address' }))).toBe(MAX_LENGTH.address);
  });

  it('the numbers are the ones the issue names', () => {
    expect(MAX_LENGTH).toMatchObject({
      email: 254,
      name: 100,
      bio: 500,
      address: 300,
      chat: 2000,
      phone: 40,
      password: 1024,
    });
  });
});
