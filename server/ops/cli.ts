/**
 * The operator CLI: `npm run ops -- <command>`. It talks to the running server's /ops/* API
 * (HOST/PORT, token OPS_TOKEN or DATA_DIR/ops-token), because the embedded database can be
 * open in one process only; when nothing listens there it opens the database itself
 * (DATA_DIR or DATABASE_URL) and runs the same commands.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { openDb, type Db } from '../db/connection';
import { formatKoboAmount, nairaToKobo } from '../../src/shared/money';
import { DataFolderInUse } from '../db/data-lock';
import { migrate } from '../db/migrate';
import { databaseBackend, OpsRequestError, ServerUnavailable, serverBackend, type OpsBackend } from './backends';
import { OpsError, newDriverSchema, parseOpsInput, positionSchema, type StatusChange } from '../console/commands';
import { changedPlan } from '../console/plan-commands';
import { inclusionText } from '../../src/shared/plans';
import { printable, printableJson } from '../printable';
import { auditTable, driversTable, naira, paymentsTable, shortId, supportTable, tasksTable } from './format';
import { createRefunder } from '../tasks/aftercare';
import { createDevMailbox, createSmtpMailer } from '../notifications/mailer';
import { createLogger } from '../log';
import { readStoredOpsToken } from '../console/ops-token';
import { createTransfers } from '../payouts/transfers';

export const HELP = `GreenPick operator commands: npm run ops -- <command> [--json]

  tasks [--status S]                                  list tasks, newest first (S: pending, driver-assigned,
                                                      on-going, completed, cancelled)
  drivers                                             list drivers and where they are
  assign <taskId> <driverId>                          give a task a driver (status becomes driver-assigned)
  status <taskId> <status>                            set a task's status (completing a referred client's
                                                      first task credits the referrer)
  complete <taskId> [--kg N]                          complete a task; a recycling task's weight in kg
                                                      earns the client 10 recycle tokens per kg
  move <driverId> <lat> <lng>                         set a driver's position (within 100 m of a task's
                                                      pin, the driver has arrived there)
  arrive <taskId>                                     the task's driver has arrived (the client's task
                                                      page says 'Your driver has arrived')
  add-driver <firstname> <lastname> <phone> <lat> <lng> [<vehicle> [<plate> [<photoUrl>]]]
                                                      add a driver ('Toyota Hiace, white' 'KJA-123XY';
                                                      without a photo the app shows their initials)
  say <taskId> <message>                              send a chat message as the task's driver
  payments [--all]                                    payments needing attention: charges that did not
                                                      become a task or plan, with the reason (--all:
                                                      settled ones too)
  honour <reference>                                  give the client the task or plan the payment asked
                                                      for, at the amount paid
  settle <reference> <note>                           mark a payment settled another way, e.g.
                                                      "refunded in the Paystack dashboard"
  support [--all]                                     support requests not answered yet (--all: all)
  reply <requestId> <text>                            answer a support request (the client sees it in
                                                      the bell, on the task)
  add-operator <email> <role>                         add a console account (role: admin, dispatcher or
                                                      support); prints its one-time password
  audit                                               the newest 100 changes made by operators and this
                                                      CLI: who, when, from where, before and after
  set-price <service> <naira>                         set a service's price by its key (recycling, bulk,
                                                      ...): new bookings pay it; tasks booked keep theirs
  set-plan <plan> <what> <value>                      change a plan for new subscriptions (those bought
                                                      keep theirs): price <naira>, months <1-24>,
                                                      name <text>, include <service>=<amount> (0
                                                      removes it), offered yes|no, support <label>
                                                      (the support inbox's, 'none' for no priority)
  pay-drivers <week>                                  pay every driver's balance of at least NGN 100
                                                      earned by the end of the week (its Monday,
                                                      YYYY-MM-DD); run again, it pays nobody twice
  help                                                this text

Ids may be shortened to a unique prefix of at least 4 characters (tables show 8).
--json prints the raw answer instead of a table.

While the server runs, commands go through its API at http://HOST:PORT/ops (default
127.0.0.1:8080) with the token OPS_TOKEN, or else the one the server keeps in DATA_DIR/ops-token.
When nothing answers there, the CLI opens the database itself (DATABASE_URL, or DATA_DIR,
default .data); a data folder that a running server holds is refused, naming that server.`;

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  out?: (text: string) => void;
  err?: (text: string) => void;
  /** Opens the database for the no-server fallback (tests pass their own). */
  openDatabase?: (config: ServerConfig) => Promise<{ db: Db; close(): Promise<void> }>;
  fetchImpl?: typeof fetch;
}

class UsageError extends Error {}

interface Parsed {
  command: string | undefined;
  args: string[];
  status: string | undefined;
  kg: string | undefined;
  json: boolean;
  all: boolean;
  help: boolean;
}

function parseArgs(argv: string[]): Parsed {
  const parsed: Parsed = {
    command: undefined,
    args: [],
    status: undefined,
    kg: undefined,
    json: false,
    all: false,
    help: false,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--json') parsed.json = true;
    else if (arg === '--all') parsed.all = true;
    else if (arg === '--help' || arg === '-h') parsed.help = true;
    else if (arg === '--status') {
      index += 1;
      parsed.status = argv[index];
      if (parsed.status === undefined) throw new UsageError('--status needs a value');
    } else if (arg.startsWith('--status=')) parsed.status = arg.slice('--status='.length);
    else if (arg === '--kg') {
      index += 1;
      parsed.kg = argv[index];
      if (parsed.kg === undefined) throw new UsageError('--kg needs a value');
    } else if (arg.startsWith('--kg=')) parsed.kg = arg.slice('--kg='.length);
    else if (/^--?[a-z]/i.test(arg)) throw new UsageError(`Unknown option ${arg}`);
    else if (parsed.command === undefined) parsed.command = arg;
    else parsed.args.push(arg);
  }
  return parsed;
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function statusChangeText(change: StatusChange): string {
  const lines = [
    `Task ${shortId(change.task.id)} (${change.task.serviceName}, ${change.task.client.name}) is now ${change.task.status}.`,
  ];
  if (change.referralReward) {
    lines.push(
      `First completed task of a referred client: referrer ${shortId(change.referralReward.referrerId)} credited ${naira(change.referralReward.amount)}.`,
    );
  }
  if (change.pointsEarned)
    lines.push(
      `The client earned ${formatKoboAmount(nairaToKobo(change.pointsEarned))} recycle tokens (${change.task.recycledKg} kg).`,
    );
  return lines.join('\n');
}

interface Command {
  usage: string;
  arity: number;
  /** Optional arguments after the required ones. */
  optional?: number;
  run(backend: OpsBackend, args: string[], parsed: Parsed): Promise<{ result: unknown; text: string }>;
}

const COMMANDS: Record<string, Command> = {
  tasks: {
    usage: 'tasks [--status S]',
    arity: 0,
    async run(backend, _args, parsed) {
      const tasks = await backend.listTasks(parsed.status);
      const none = parsed.status ? `No ${parsed.status} tasks.` : 'No tasks yet.';
      return { result: tasks, text: tasks.length ? tasksTable(tasks) : none };
    },
  },
  drivers: {
    usage: 'drivers',
    arity: 0,
    async run(backend) {
      const drivers = await backend.listDrivers();
      return {
        result: drivers,
        text: drivers.length ? driversTable(drivers) : 'No drivers yet: add one with add-driver.',
      };
    },
  },
  assign: {
    usage: 'assign <taskId> <driverId>',
    arity: 2,
    async run(backend, [taskId, driverId]) {
      const task = await backend.assignDriver(taskId, driverId);
      return {
        result: task,
        text: `Task ${shortId(task.id)} is ${task.status}: driver ${task.driver?.name} (${task.driver?.phone || 'no phone'}).`,
      };
    },
  },
  status: {
    usage: 'status <taskId> <status>',
    arity: 2,
    async run(backend, [taskId, status]) {
      const change = await backend.moveTaskTo(taskId, status);
      return { result: change, text: statusChangeText(change) };
    },
  },
  complete: {
    usage: 'complete <taskId> [--kg N]',
    arity: 1,
    async run(backend, [taskId], parsed) {
      const recycledKg = parsed.kg === undefined ? undefined : toNumber(parsed.kg);
      const change = await backend.moveTaskTo(taskId, 'completed', { recycledKg });
      return { result: change, text: statusChangeText(change) };
    },
  },
  arrive: {
    usage: 'arrive <taskId>',
    arity: 1,
    async run(backend, [taskId]) {
      const task = await backend.markArrived(taskId);
      return {
        result: task,
        text: `Task ${shortId(task.id)}: driver ${task.driver?.name} has arrived (${task.status}).`,
      };
    },
  },
  move: {
    usage: 'move <driverId> <lat> <lng>',
    arity: 3,
    async run(backend, [driverId, lat, lng]) {
      const position = parseOpsInput(positionSchema, { lat: toNumber(lat), lng: toNumber(lng) });
      const driver = await backend.moveDriver(driverId, position.lat, position.lng);
      return {
        result: driver,
        text: `Driver ${driver.firstname} ${driver.lastname} (${shortId(driver.id)}) is now at ${driver.lat}, ${driver.lng}.`,
      };
    },
  },
  'add-driver': {
    usage: 'add-driver <firstname> <lastname> <phone> <lat> <lng> [<vehicle> [<plate> [<photoUrl>]]]',
    arity: 5,
    optional: 3,
    async run(backend, [firstname, lastname, phone, lat, lng, vehicle, plate, photoUrl]) {
      const input = parseOpsInput(newDriverSchema, {
        firstname,
        lastname,
        phone,
        lat: toNumber(lat),
        lng: toNumber(lng),
        vehicle,
        plate,
        photoUrl,
      });
      const driver = await backend.addDriver(input);
      return {
        result: driver,
        // The one-time password is shown here only (stored hashed): the driver changes it at the first sign-in.
        text: `Added driver ${driver.firstname} ${driver.lastname} with id ${driver.id}.\n\n${driversTable([driver])}\n\nphone: ${driver.phone}\npassword: ${driver.password}\n(one-time: the driver signs in with it and chooses their own)`,
      };
    },
  },
  say: {
    usage: 'say <taskId> <message>',
    arity: 2,
    async run(backend, [taskId, content]) {
      const message = await backend.sendDriverMessage(taskId, content);
      return { result: message, text: `The driver of task ${shortId(message.taskId)} said: ${message.content}` };
    },
  },
  payments: {
    usage: 'payments [--all]',
    arity: 0,
    async run(backend, _args, parsed) {
      const payments = await backend.listPayments(parsed.all);
      return { result: payments, text: payments.length ? paymentsTable(payments) : 'No payments need attention.' };
    },
  },
  honour: {
    usage: 'honour <reference>',
    arity: 1,
    async run(backend, [reference]) {
      const honoured = await backend.honourPayment(reference);
      const given = honoured.taskId
        ? `task ${shortId(honoured.taskId)} created`
        : `${honoured.subscription?.plan} plan until ${honoured.subscription?.expiresAt.slice(0, 10)}`;
      return {
        result: honoured,
        text: `Payment ${reference} honoured: ${given} for ${honoured.payment.client?.name ?? 'the client'}.`,
      };
    },
  },
  support: {
    usage: 'support [--all]',
    arity: 0,
    async run(backend, _args, parsed) {
      const requests = await backend.listSupport(parsed.all);
      return {
        result: requests,
        text: requests.length ? supportTable(requests) : 'No support requests waiting for a response.',
      };
    },
  },
  reply: {
    usage: 'reply <requestId> <text>',
    arity: 2,
    async run(backend, [requestId, reply]) {
      const request = await backend.replySupport(requestId, reply);
      return {
        result: request,
        text: `Support request ${shortId(request.id)} answered: ${request.client.name} sees it in the bell.`,
      };
    },
  },
  'add-operator': {
    usage: 'add-operator <email> <role>',
    arity: 2,
    async run(backend, [email, role]) {
      const { operator, password } = await backend.addOperator(email, role);
      return {
        result: { operator, password },
        // Shown here only (stored hashed): the operator chooses their own at the first sign-in to /ops/.
        text: `Added operator ${operator.email} (${operator.role}) with id ${operator.id}.\n\nemail: ${operator.email}\npassword: ${password}\n(one-time: sign in at /ops/ with it and choose a password of at least 12 characters)`,
      };
    },
  },
  audit: {
    usage: 'audit',
    arity: 0,
    async run(backend) {
      const entries = await backend.listAudit(100);
      return { result: entries, text: entries.length ? auditTable(entries) : 'Nothing recorded yet.' };
    },
  },
  'set-price': {
    usage: 'set-price <service> <naira>',
    arity: 2,
    async run(backend, [key, price]) {
      const amount = Number(price);
      if (!/^\d+(\.\d{1,2})?$/.test(price) || !(amount > 0))
        throw new OpsError('invalid', 'The price must be a number of naira above 0, with at most 2 decimals');
      const service = await backend.setPrice(key, amount);
      return {
        result: service,
        text: `${service.name} (${service.key}) now costs ${naira(service.price)} ${service.unit}: for new bookings; a price quoted in the last 7 days is still honoured.`,
      };
    },
  },
  'set-plan': {
    usage: 'set-plan <plan> <what> <value>',
    arity: 3,
    async run(backend, [key, what, value]) {
      const plan = (await backend.listPlans()).find((candidate) => candidate.key === key.trim().toLowerCase());
      if (!plan) throw new OpsError('not-found', `No plan with key "${key}"`);
      const services = what === 'include' ? await backend.listServices() : [];
      const saved = await backend.savePlan(changedPlan(plan, what, value, services));
      return {
        result: saved,
        text: `${saved.name} (${saved.key}): ${naira(saved.price)} for ${saved.durationMonths} month(s), includes ${
          saved.inclusions.map(inclusionText).join(', ') || 'nothing'
        }${saved.active ? '' : ' (not offered)'}. New subscriptions get it; those bought keep their terms.`,
      };
    },
  },
  'pay-drivers': {
    usage: 'pay-drivers <week>',
    arity: 1,
    async run(backend, [week]) {
      const run = await backend.payDrivers(week);
      return {
        result: run,
        text: `Week of ${run.week}: ${run.sent} payouts sent (${naira(run.total)}), ${run.failed} failed, ${run.unsent} waiting for Paystack.`,
      };
    },
  },
  settle: {
    usage: 'settle <reference> <note>',
    arity: 2,
    async run(backend, [reference, note]) {
      const payment = await backend.settlePayment(reference, note);
      return { result: payment, text: `Payment ${reference} settled: ${payment.settlement}` };
    },
  },
};

/** The API address to call: a server listening on every interface is reached on loopback. */
export function opsBaseUrl(config: Pick<ServerConfig, 'host' | 'port'>): string {
  const host =
    config.host === '0.0.0.0' || config.host === '' ? '127.0.0.1' : config.host === '::' ? '::1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

async function openDirect(config: ServerConfig) {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  return { db, close: () => db.close() };
}

/** Runs one CLI invocation; answers the exit code (0 done, 1 failed, 2 usage error). */
export async function runCli(argv: string[], options: CliOptions = {}): Promise<number> {
  // Everything printed passes through `printable`: payers choose webhook metadata, clients their names.
  const write = options.out ?? ((text: string) => console.log(text));
  const writeError = options.err ?? ((text: string) => console.error(text));
  const out = (text: string) => write(printable(text));
  const err = (text: string) => writeError(printable(text));
  let config: ServerConfig;
  try {
    config = loadConfig(options.env ?? process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err(error.message);
    return 2;
  }
  let parsed: Parsed;
  try {
    parsed = parseArgs(argv);
  } catch (error) {
    err(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (parsed.help || parsed.command === undefined || parsed.command === 'help') {
    out(HELP);
    return 0;
  }
  const command = COMMANDS[parsed.command];
  if (!command) {
    err(`Unknown command "${parsed.command}".\n\n${HELP}`);
    return 2;
  }
  if (
    parsed.args.length < command.arity ||
    parsed.args.length > command.arity + (command.optional ?? 0) ||
    (parsed.status !== undefined && parsed.command !== 'tasks') ||
    (parsed.kg !== undefined && parsed.command !== 'complete') ||
    (parsed.all && parsed.command !== 'payments' && parsed.command !== 'support')
  ) {
    err(`Usage: npm run ops -- ${command.usage}`);
    return 2;
  }

  const baseUrl = opsBaseUrl(config);
  try {
    let answer: { result: unknown; text: string };
    try {
      answer = await command.run(
        serverBackend(baseUrl, config.opsToken ?? readStoredOpsToken(config.dataDir), options.fetchImpl),
        parsed.args,
        parsed,
      );
      err(`(through the server at ${baseUrl})`);
    } catch (error) {
      if (!(error instanceof ServerUnavailable)) throw error;
      // Neither a server nor a data folder: refuse rather than make an empty database somewhere.
      if (!config.databaseUrl && !config.dataDir.startsWith('memory://') && !existsSync(config.dataDir)) {
        err(
          `No server answers at ${baseUrl}, and there is no data folder at ${config.dataDir}. Start the server (npm start), or run the command with the server's PORT (and HOST), or with its DATA_DIR or DATABASE_URL.`,
        );
        return 1;
      }
      const where = config.databaseUrl ? 'the DATABASE_URL database' : `the database in ${config.dataDir}`;
      err(
        `(no server at ${baseUrl}: working on ${where} directly${config.dataDir.startsWith('memory://') && !config.databaseUrl ? '; a memory:// database is thrown away afterwards' : ''})`,
      );
      const { db, close } = await (options.openDatabase ?? openDirect)(config);
      try {
        // The same JSON lines as the server's log, on the command's error output.
        const log = createLogger({ production: true }, { write: (line: string) => err(line.trimEnd()) });
        const mailer = config.smtpUrl
          ? await createSmtpMailer(config.smtpUrl, config.mailFrom, log)
          : createDevMailbox(log);
        const aftercare = { refunder: createRefunder(config), mailer, log };
        answer = await command.run(
          databaseBackend({ db, config, now: () => new Date(), ...aftercare, transfers: createTransfers(config) }),
          parsed.args,
          parsed,
        );
      } finally {
        await close();
      }
    }
    out(parsed.json ? printableJson(answer.result) : answer.text);
    return 0;
  } catch (error) {
    if (error instanceof OpsRequestError && error.status === 401) {
      err(
        `${error.message}: set OPS_TOKEN to the server's ops token (a server without OPS_TOKEN keeps it in ${config.dataDir}/ops-token).`,
      );
    } else if (error instanceof DataFolderInUse) {
      // Nothing answered at HOST:PORT, yet a process holds the folder: most likely the server, on another address.
      err(
        `No server answers at ${baseUrl}, but ${error.message.replace(/^The data folder/, 'the data folder')} Is the server listening on another HOST or PORT? Run the command with those set.`,
      );
    } else if (error instanceof OpsError || error instanceof OpsRequestError) {
      err(error.message);
    } else {
      err(`Error: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runCli(process.argv.slice(2));
}
