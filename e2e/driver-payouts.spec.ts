import { expect, test } from '@playwright/test';
import { DriverApp } from './page-models/driver-app';
import { addDriver } from './support/driver';
import { MOBILE } from './support/viewports';

/**
 * The driver's Payouts screen (issue 65, docs/driver.md 'Payouts'), on a phone: the bank from
 * the list, the account number checked to its name before it is saved, then the account, the
 * balance and the statement shown. The e2e server pays through the test ledger (no Paystack key).
 */
test.use(MOBILE);

test('a driver adds a bank account: the name is shown before it is saved, then the account with the balance', async ({
  page,
  request,
}) => {
  const driver = await addDriver(request, { lat: 6.5158, lng: 3.3782 });
  await new DriverApp(page).signIn(driver.phone, driver.password, 'my own driver password');
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payouts-balance')).toHaveText('₦0.00');
  await expect(page.getByText('No payout yet.')).toBeVisible();

  const bank = page.getByRole('combobox', { name: 'Bank' });
  await expect(bank.getByRole('option', { name: 'Guaranty Trust Bank' })).toBeAttached();
  await bank.selectOption({ label: 'Guaranty Trust Bank' });
  await page.getByLabel('Account number').fill('123');
  await page.getByRole('button', { name: 'Check account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Account number must be 10 digits');
  await page.getByLabel('Account number').fill('0123456789');
  await page.getByRole('button', { name: 'Check account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account name:' })).toHaveText(
    'Account name: TEST ACCOUNT 6789',
  );
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByTestId('bank-account')).toHaveText('TEST ACCOUNT 6789, Guaranty Trust Bank ····6789');
  await expect(page.getByRole('button', { name: 'Change bank account' })).toBeVisible();
});
