/**
 * The words of each notification: a short title and body a client understands, built when
 * the push is sent from the outbox row and the task as it is then (its driver, its amount).
 * SMS texts (driver assigned and arriving only) fit one SMS: 160 GSM characters.
 */
import { formatNaira, nairaToKobo } from '../../src/shared/money';
import {
  HOME_URL,
  PLAN_TAG,
  type PushKind,
  type PushPayload,
  taskPageUrl,
  taskTag,
} from '../../src/shared/push-payload';

export interface MessageContext {
  kind: PushKind;
  /** null for a notification about the client (the plan, a recurring pickup). */
  taskId: string | null;
  /** What the event carried (outbox `data`): a refund's status and amount, a chat message, a reply. */
  data: Record<string, unknown>;
  serviceName: string;
  /** The task's price. */
  amountKobo: number;
  driver: { firstname: string; vehicle: string; plate: string } | null;
}

/** 'Toyota Hiace, white' (make and model, colour) reads 'white Toyota Hiace'. */
export function vehicleWords(vehicle: string): string {
  const [model, colour] = vehicle.split(',').map((part) => part.trim());
  return [colour, model].filter(Boolean).join(' ');
}

/** 'Emeka is your driver - white Toyota Hiace KJA-123XY' (what is known of the vehicle). */
export function driverLine(driver: MessageContext['driver']): string {
  if (!driver) return 'A driver is assigned to your task';
  const vehicle = [vehicleWords(driver.vehicle), driver.plate.trim()].filter(Boolean).join(' ');
  return `${driver.firstname} is your driver${vehicle ? ` - ${vehicle}` : ''}`;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3).trimEnd()}...` : text);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The refund's amount: kobo since migration 018; a row queued before it carries naira. */
function refundKobo(data: Record<string, unknown>, fallback: number): number {
  if (typeof data.amountKobo === 'number') return data.amountKobo;
  return typeof data.amount === 'number' ? nairaToKobo(data.amount) : fallback;
}

function words(context: MessageContext): { title: string; body: string } {
  const { data, serviceName, driver } = context;
  const name = driver?.firstname ?? 'Your driver';
  switch (context.kind) {
    case 'driver-assigned':
      return { title: 'Driver assigned', body: driverLine(driver) };
    case 'on-the-way':
      return { title: 'Your driver is on the way', body: `${name} is on the way for your ${serviceName}.` };
    case 'arriving':
      return { title: 'Your driver is arriving', body: `${name} is less than 500 m away. Please be ready.` };
    case 'completed':
      return {
        title: 'Task done - your receipt',
        body: `Your ${serviceName} is done. Total ${formatNaira(context.amountKobo)}; the receipt is in your e-mail.`,
      };
    case 'cancelled':
      return { title: 'Task cancelled', body: `Your ${serviceName} was cancelled.` };
    // Written whole by the lifecycle: 'Your driver weighed 5 kg (you booked 3 kg): pay ₦3,000.00 more, ...'.
    case 'extra':
      return { title: 'Your driver weighed more', body: clip(textOf(data.message), 200) };
    case 'drivers-busy':
      return {
        title: 'Drivers are busy near you',
        body: `No driver has taken your ${serviceName} yet: keep waiting, choose another time or cancel for a full refund.`,
      };
    case 'refund': {
      const amount = formatNaira(refundKobo(data, context.amountKobo));
      return data.status === 'refunded'
        ? { title: 'Refunded', body: `${amount} for your ${serviceName} is back on your card.` }
        : { title: 'Refund started', body: `We are refunding ${amount} for your ${serviceName}.` };
    }
    case 'chat':
      return { title: `${textOf(data.senderName) || name} (driver)`, body: clip(textOf(data.content), 200) };
    case 'support-reply':
      return { title: 'GreenPick support answered', body: clip(textOf(data.message), 200) };
    case 'reminder':
      return {
        title: 'Reminder: your pickup is tomorrow',
        body: textOf(data.window)
          ? `Your ${serviceName} is booked for ${textOf(data.window)}.`
          : `Your ${serviceName} is booked for tomorrow.`,
      };
    // Written whole by the job that queued them: 'Your Bronze plan ends on Fri 5 Dec'.
    case 'plan-renewal':
      return { title: 'Your plan ends soon', body: clip(textOf(data.text), 200) };
    case 'schedule-not-covered':
      return { title: 'Recurring pickup not covered', body: clip(textOf(data.text), 200) };
  }
}

export function pushPayload(context: MessageContext): PushPayload {
  if (context.taskId === null)
    return {
      kind: context.kind,
      taskId: null,
      ...words(context),
      tag: textOf(context.data.tag) || PLAN_TAG,
      url: HOME_URL,
    };
  return {
    kind: context.kind,
    taskId: context.taskId,
    ...words(context),
    tag: taskTag(context.taskId),
    url: taskPageUrl(context.taskId),
  };
}

/** One SMS: GSM 03.38's basic characters only (others become '?'), at most 160 of them. */
export const SMS_MAX = 160;
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

export function toSmsText(text: string): string {
  const gsm = Array.from(text, (char) => (GSM_BASIC.has(char) ? char : '?')).join('');
  return clip(gsm, SMS_MAX);
}

export function smsText(context: MessageContext): string {
  const body =
    context.kind === 'arriving'
      ? `${context.driver?.firstname ?? 'Your driver'} is less than 500 m away for your ${context.serviceName}. Please be ready.`
      : `${driverLine(context.driver)}. For your ${context.serviceName}.`;
  return toSmsText(`GreenPick: ${body}`);
}
