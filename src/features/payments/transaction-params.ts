/**
 * The card checkout's transaction parameters (docs/product.md, Payments) as a pure function:
 * alternative spellings are mapped to one name, unknown parameters are dropped, required
 * ones and types are checked with the checkout's exact messages, and the overrides and channel
 * restrictions are applied. Both payment adapters receive what this returns.
 */

type ParamType = 'string' | 'number' | 'array' | 'object' | 'function' | 'boolean';

/** Every accepted parameter (canonical name) and its valid types. */
const PARAM_TYPES: Record<string, readonly ParamType[]> = {
  key: ['string'],
  amount: ['number'],
  currency: ['string'],
  email: ['string'],
  label: ['string'],
  firstName: ['string'],
  lastName: ['string'],
  reference: ['string'],
  phone: ['string'],
  customerCode: ['string'],
  channels: ['array'],
  paymentRequest: ['string', 'number'],
  paymentPage: ['string'],
  hash: ['string'],
  container: ['string'],
  metadata: ['object'],
  subaccountCode: ['string'],
  bearer: ['string'],
  transactionCharge: ['number'],
  planCode: ['string'],
  subscriptionCount: ['number'],
  planInterval: ['string'],
  subscriptionLimit: ['number'],
  subscriptionStartDate: ['string'],
  accessCode: ['string'],
  orderId: ['string', 'number'],
  card: ['boolean'],
  bank: ['boolean'],
  split: ['object'],
  splitCode: ['string'],
  transactionType: ['string'],
  subscription: ['string', 'number'],
  language: ['string'],
  connectAccount: ['string'],
  connectSplit: ['array'],
  onError: ['function'],
  onLoad: ['function'],
  onSuccess: ['function'],
  onCancel: ['function'],
  callback: ['function'],
  onClose: ['function'],
  onBankTransferConfirmationPending: ['function'],
};

/** The alternative spellings the checkout accepts. */
const ALIASES: Record<string, string> = {
  firstname: 'firstName',
  lastname: 'lastName',
  customer_code: 'customerCode',
  payment_request: 'paymentRequest',
  subaccount: 'subaccountCode',
  transaction_charge: 'transactionCharge',
  plan: 'planCode',
  quantity: 'subscriptionCount',
  interval: 'planInterval',
  invoice_limit: 'subscriptionLimit',
  start_date: 'subscriptionStartDate',
  payment_page: 'paymentPage',
  order_id: 'orderId',
  ref: 'reference',
  split_code: 'splitCode',
  transaction_type: 'transactionType',
  connect_account: 'connectAccount',
  connect_split: 'connectSplit',
};

const CALLBACKS = [
  'onError',
  'onLoad',
  'onSuccess',
  'onCancel',
  'callback',
  'onClose',
  'onBankTransferConfirmationPending',
];

export type TransactionParams = Record<string, unknown>;

export const EMPTY_PARAMS_MESSAGE = 'Transaction parameters should be a non-empty object';
export const INVALID_PARAMS_MESSAGE = 'Invalid transaction parameters';
export const CONTAINER_REQUIRED_MESSAGE = 'A container is required to mount the payment request button';

export interface ParamIssue {
  /** 'Required parameter missing: <name>' or 'Invalid parameter type: <name>'. */
  message: string;
  parameter: string;
  validTypes?: readonly ParamType[];
}

/** 'Invalid transaction parameters', with one issue per wrong or missing parameter. */
export class TransactionParamsError extends Error {
  constructor(
    message: string,
    readonly issues: ParamIssue[] = [],
  ) {
    super(message);
    this.name = 'TransactionParamsError';
  }
}

function typeOf(value: unknown): ParamType | 'other' {
  if (Array.isArray(value)) return 'array';
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'function' ||
    typeof value === 'boolean'
  )
    return typeof value as ParamType;
  if (typeof value === 'object' && value !== null) return 'object';
  return 'other';
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function pickCallbacks(params: TransactionParams): TransactionParams {
  return Object.fromEntries(
    CALLBACKS.filter((name) => typeof params[name] === 'function').map((name) => [name, params[name]]),
  );
}

/** Canonical names only; unknown parameters and undefined values dropped. */
function normalize(raw: Record<string, unknown>): TransactionParams {
  const params: TransactionParams = {};
  for (const [name, value] of Object.entries(raw)) {
    const canonical = ALIASES[name] ?? name;
    if (!(canonical in PARAM_TYPES) || value === undefined) continue;
    // The canonical spelling wins over an alias given alongside it.
    if (canonical !== name && canonical in raw) continue;
    params[canonical] = value;
  }
  return params;
}

/**
 * Checks and shapes the parameters of one transaction. Throws a TransactionParamsError with
 * the checkout's messages; returns the parameters the checkout receives.
 */
export function validateTransactionParams(raw: unknown): TransactionParams {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || Object.keys(raw).length === 0) {
    throw new TransactionParamsError(EMPTY_PARAMS_MESSAGE);
  }
  const params = normalize(raw as Record<string, unknown>);
  // With an access code the transaction already exists: every other parameter is skipped.
  if (typeof params.accessCode === 'string' && params.accessCode !== '') {
    return { accessCode: params.accessCode, ...pickCallbacks(params) };
  }

  const required = ['key'];
  if (isMissing(params.planCode)) required.push('amount');
  if (isMissing(params.customerCode)) required.push('email');

  const issues: ParamIssue[] = [];
  for (const name of required) {
    if (isMissing(params[name])) issues.push({ message: `Required parameter missing: ${name}`, parameter: name });
  }
  for (const [name, value] of Object.entries(params)) {
    const validTypes = PARAM_TYPES[name]!;
    if (isMissing(value) && !required.includes(name)) continue;
    if (!isMissing(value) && !validTypes.includes(typeOf(value) as ParamType)) {
      issues.push({ message: `Invalid parameter type: ${name}`, parameter: name, validTypes });
    }
  }
  if (issues.length > 0) throw new TransactionParamsError(INVALID_PARAMS_MESSAGE, issues);

  if (!isMissing(params.paymentRequest) && isMissing(params.container))
    throw new TransactionParamsError(CONTAINER_REQUIRED_MESSAGE);

  const shaped: TransactionParams = { currency: 'NGN', ...params };
  // A plan sets the amount and a customer code sets the e-mail.
  if (!isMissing(params.planCode)) delete shaped.amount;
  if (!isMissing(params.customerCode)) delete shaped.email;
  if (params.card === false) shaped.channels = ['bank'];
  if (params.bank === false) shaped.channels = ['card'];
  delete shaped.card;
  delete shaped.bank;
  return shaped;
}
