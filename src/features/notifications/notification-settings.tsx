import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { notificationsQuery, useUpdateNotificationSettings } from '../../lib/api/notifications';
import { failureText } from '../../lib/api/query-failure';
import {
  BLOCKED,
  FAILED,
  INSTALL_FIRST,
  ON_HERE,
  SAVE_FAILED,
  SMS_INSTEAD,
  SWITCHES,
  TURN_OFF,
  TURN_ON,
  UNSUPPORTED,
} from './notification-texts';
import { usePushDevice, type DeviceState } from './use-push-device';
import './notifications.css';

function DeviceStatus({ state }: { state: DeviceState }) {
  switch (state.kind) {
    case 'on':
      return <p>{ON_HERE}</p>;
    case 'blocked':
      return <p className="notifications-help">{BLOCKED}</p>;
    case 'install-first':
      return <p className="notifications-help">{INSTALL_FIRST}</p>;
    case 'unsupported':
      return <p className="notifications-help">{UNSUPPORTED}</p>;
    case 'failed':
      return (
        <p className="notifications-help" role="alert">
          {FAILED}
        </p>
      );
    default:
      return null;
  }
}

/**
 * Settings' 'Notifications': this device's push (turn on asks the browser, only from this
 * button), and a switch per kind that the server honours for every device and for SMS.
 */
export function NotificationSettings() {
  const device = usePushDevice();
  const query = useQuery(notificationsQuery());
  const save = useUpdateNotificationSettings({ onError: () => toast.error(SAVE_FAILED) });
  const hintId = useId();
  const data = query.data;
  const showSms = data?.smsAvailable && device.state.kind !== 'on';

  return (
    <section aria-labelledby="settings-notifications-title" className="notifications">
      <h2 id="settings-notifications-title" className="settings-title">
        Notifications
      </h2>
      <DeviceStatus state={device.state} />
      {device.state.kind === 'off' || device.state.kind === 'failed' ? (
        <button type="button" className="button" disabled={device.busy} onClick={() => void device.turnOn()}>
          {TURN_ON}
        </button>
      ) : device.state.kind === 'on' ? (
        <button
          type="button"
          className="button profile-button-secondary"
          disabled={device.busy}
          onClick={() => void device.turnOff()}
        >
          {TURN_OFF}
        </button>
      ) : null}
      {showSms ? <p className="notifications-help">{SMS_INSTEAD}</p> : null}
      {data ? (
        <fieldset className="notifications-switches">
          <legend>What to tell me</legend>
          {SWITCHES.filter(({ key: kind }) => kind !== 'sms' || data.smsAvailable).map(({ key: kind, label, hint }) => (
            <label key={kind} className="notifications-switch">
              <span className="notifications-switch-text">
                <span>{label}</span>
                <span className="notifications-switch-hint" id={`${hintId}-${kind}`}>
                  {hint}
                </span>
              </span>
              <input
                type="checkbox"
                role="switch"
                aria-checked={data.settings[kind]}
                aria-describedby={`${hintId}-${kind}`}
                checked={data.settings[kind]}
                onChange={(event) => save.mutate({ [kind]: event.target.checked })}
              />
            </label>
          ))}
        </fieldset>
      ) : query.error ? (
        <p className="notifications-help" role="alert">
          {failureText(query.error, { failed: 'Your notification settings could not be loaded. Please try again.' })}
        </p>
      ) : (
        <p className="muted" role="status">
          Loading your notification settings...
        </p>
      )}
    </section>
  );
}
