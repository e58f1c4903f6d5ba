import { describe, expect, it } from 'vitest';
import {
  CONTAINER_REQUIRED_MESSAGE,
  EMPTY_PARAMS_MESSAGE,
  INVALID_PARAMS_MESSAGE,
  TransactionParamsError,
  validateTransactionParams,
} from '../../../src/features/payments/transaction-params';

const base = { key: 'pk_test_1', email: 'ada@example.ng', amount: 150000 };

function issuesOf(params: unknown): string[] {
  try {
    validateTransactionParams(params);
  } catch (error) {
    expect(error).toBeInstanceOf(TransactionParamsError);
    const failure = error as TransactionParamsError;
    return failure.issues.length > 0 ? failure.issues.map((issue) => issue.message) : [failure.message];
  }
  throw new Error('expected the parameters to be refused');
}

describe('card pop-up transaction parameters (validation)', () => {
  it.each([undefined, null, 'key', [], {}])("'Transaction parameters should be a non-empty object' (%j)", (params) => {
    expect(issuesOf(params)).toEqual([EMPTY_PARAMS_MESSAGE]);
  });

  it("'Required parameter missing: <name>' for key, amount and email", () => {
    expect(issuesOf({ currency: 'NGN' })).toEqual([
      'Required parameter missing: key',
      'Required parameter missing: amount',
      'Required parameter missing: email',
    ]);
  });

  it("the overall error is 'Invalid transaction parameters'", () => {
    expect(() => validateTransactionParams({ key: 'pk' })).toThrow(INVALID_PARAMS_MESSAGE);
  });

  it("'Invalid parameter type: <name>' with the valid types", () => {
    try {
      validateTransactionParams({ ...base, amount: '1500', channels: 'card', metadata: 'x', onSuccess: 'done' });
      expect.unreachable();
    } catch (error) {
      const issues = (error as TransactionParamsError).issues;
      expect(issues.map((issue) => issue.message)).toEqual([
        'Invalid parameter type: amount',
        'Invalid parameter type: channels',
        'Invalid parameter type: metadata',
        'Invalid parameter type: onSuccess',
      ]);
      expect(issues[0]!.validTypes).toEqual(['number']);
      expect(issues[1]!.validTypes).toEqual(['array']);
    }
  });

  it('amount is not required with a plan, and planCode overrides amount', () => {
    expect(validateTransactionParams({ key: 'pk', email: 'a@b.ng', plan: 'PLN_1' })).toEqual({
      key: 'pk',
      email: 'a@b.ng',
      planCode: 'PLN_1',
      currency: 'NGN',
    });
    expect(validateTransactionParams({ ...base, planCode: 'PLN_1' })).not.toHaveProperty('amount');
  });

  it('email is not required with a customer code, and customerCode overrides email', () => {
    expect(validateTransactionParams({ key: 'pk', amount: 100, customer_code: 'CUS_1' })).toEqual({
      key: 'pk',
      amount: 100,
      customerCode: 'CUS_1',
      currency: 'NGN',
    });
    expect(validateTransactionParams({ ...base, customerCode: 'CUS_1' })).not.toHaveProperty('email');
  });

  it('if accessCode is given, the other parameters are skipped', () => {
    const onSuccess = () => undefined;
    expect(validateTransactionParams({ accessCode: 'ac_1', amount: 'not checked', email: 5, onSuccess })).toEqual({
      accessCode: 'ac_1',
      onSuccess,
    });
  });

  it('unknown parameters are dropped and alternative spellings are accepted', () => {
    const shaped = validateTransactionParams({
      ...base,
      firstname: 'Ada',
      lastname: 'Obi',
      ref: 'r-1',
      nonsense: true,
      transaction_charge: 20,
    });
    expect(shaped).toEqual({
      ...base,
      currency: 'NGN',
      firstName: 'Ada',
      lastName: 'Obi',
      reference: 'r-1',
      transactionCharge: 20,
    });
  });

  it('card false restricts channels to bank; bank false restricts to card', () => {
    expect(validateTransactionParams({ ...base, card: false }).channels).toEqual(['bank']);
    expect(validateTransactionParams({ ...base, bank: false }).channels).toEqual(['card']);
    expect(validateTransactionParams({ ...base, card: true })).not.toHaveProperty('card');
  });

  it("a payment-request button needs a container ('A container is required to mount the payment request button')", () => {
    expect(() => validateTransactionParams({ ...base, paymentRequest: 'btn' })).toThrow(CONTAINER_REQUIRED_MESSAGE);
    expect(validateTransactionParams({ ...base, paymentRequest: 'btn', container: 'box' }).container).toBe('box');
  });

  it('currency defaults to NGN', () => {
    expect(validateTransactionParams(base).currency).toBe('NGN');
  });
});
