/** Plain-text output of the ops CLI: aligned tables, naira, Lagos time, short ids. */
import { formatNaira, nairaToKobo } from '../../src/shared/money';
import { windowText } from '../../src/shared/pickup-windows';
import { quantityRule, quantityText } from '../../src/shared/quantity';
import { oneLine, printable } from '../printable';
import type { OpsDriver, OpsSupportRequest, OpsTask } from '../console/commands';
import type { OpsAuditEntry } from '../console/console-commands';
import type { OpsPayment } from '../payments/payment-commands';

/** Tables show the first 8 characters; every command accepts such a prefix. */
export const shortId = (id: string) => id.slice(0, 8);

/** A naira amount of the ops API as people read it: '₦3,000.00' (src/shared/money.ts). */
export function naira(amount: number): string {
  return formatNaira(nairaToKobo(amount));
}

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  dateStyle: 'medium',
  timeStyle: 'short',
});
export const lagosDate = (iso: string) => lagosTime.format(new Date(iso));

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function table(headers: string[], rows: string[][]): string {
  // Cleaned before measuring, so the columns line up; a cell is one line.
  rows = rows.map((row) => row.map((cell) => printable(cell).replace(/[\n\t]/g, ' ')));
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function tasksTable(tasks: OpsTask[]): string {
  return table(
    [
      'ID',
      'STATUS',
      'SERVICE',
      'AMOUNT',
      'CLIENT',
      'DRIVER',
      'BOOKED (LAGOS)',
      'WHEN',
      'ADDRESS',
      'DETAILS (GATE, LANDMARK)',
    ],
    tasks.map((task) => [
      shortId(task.id),
      task.status,
      task.quantity !== 1 || quantityRule(task.unit)
        ? `${task.serviceName} (${quantityText(task.unit, task.quantity) || task.quantity})`
        : task.serviceName,
      naira(task.amount),
      clip(`${task.client.name} <${task.client.email}>`, 40),
      task.driver ? `${task.driver.name} (${shortId(task.driver.id)})` : '-',
      lagosDate(task.datetime),
      task.scheduledFor ? windowText(task.scheduledFor) : 'as soon as possible',
      clip(task.address, 48),
      clip(oneLine(task.addressDetails) || '-', 60),
    ]),
  );
}

export function driversTable(drivers: OpsDriver[]): string {
  return table(
    ['ID', 'NAME', 'PHONE', 'VEHICLE', 'PLATE', 'RATING', 'LAT', 'LNG', 'ACTIVE TASKS', 'LOCATION UPDATED (LAGOS)'],
    drivers.map((driver) => [
      shortId(driver.id),
      `${driver.firstname} ${driver.lastname}`,
      driver.phone || '-',
      clip(driver.vehicle || '-', 30),
      driver.plate || '-',
      driver.rating?.count ? `${driver.rating.average} (${driver.rating.count})` : '-',
      driver.lat.toFixed(5),
      driver.lng.toFixed(5),
      String(driver.activeTasks),
      lagosDate(driver.locationUpdatedAt),
    ]),
  );
}

export function paymentsTable(payments: OpsPayment[]): string {
  return table(
    ['REFERENCE', 'STATE', 'PAID', 'CLIENT / PAYER', 'FOR', 'SINCE (LAGOS)', 'REASON'],
    payments.map((payment) => [
      payment.reference,
      payment.state === 'settled' ? `settled: ${clip(payment.settlement ?? '', 30)}` : payment.state,
      payment.amount === null
        ? '-'
        : payment.currency && payment.currency !== 'NGN'
          ? `${payment.amount} ${payment.currency}`
          : naira(payment.amount),
      clip(payment.client ? `${payment.client.name} <${payment.client.email}>` : (payment.payerEmail ?? '-'), 40),
      clip(payment.wanted ?? '-', 40),
      lagosDate(payment.since),
      payment.reason,
    ]),
  );
}

export function supportTable(requests: OpsSupportRequest[]): string {
  return table(
    ['ID', 'PRIORITY', 'TASK', 'CLIENT', 'CATEGORY', 'SENT (LAGOS)', 'TEXT', 'REPLY'],
    requests.map((request) => [
      shortId(request.id),
      request.priority ?? '-',
      `${shortId(request.taskId)} ${clip(request.serviceName, 24)}`,
      clip(`${request.client.name} <${request.client.email}>`, 40),
      request.category,
      lagosDate(request.createdAt),
      clip(oneLine(request.text), 80),
      request.reply === null ? '(not answered)' : clip(oneLine(request.reply), 40),
    ]),
  );
}

/** A before or after of the audit as one short line ('-' when none). */
const change = (value: unknown) => (value === null || value === undefined ? '-' : clip(JSON.stringify(value), 60));

export function auditTable(entries: OpsAuditEntry[]): string {
  return table(
    ['ID', 'WHEN (LAGOS)', 'WHO', 'ADDRESS', 'ACTION', 'SUBJECT', 'BEFORE', 'AFTER'],
    entries.map((entry) => [
      entry.id,
      lagosDate(entry.at),
      entry.actor,
      entry.address,
      entry.action,
      entry.subject,
      change(entry.before),
      change(entry.after),
    ]),
  );
}
