// /notifications: the eight types of SPEC.md §3, each with an e-mail and a push switch. Every switch
// is a submit button of one form (name "set", value "type.channel.on|off"), so one tap saves it,
// without JavaScript, and the page returns with a confirmation beside that switch. Above the
// switches, any suppression of the address says why no e-mail arrives and how to change that.
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type NotificationChannel, type NotificationType, type SuppressionReason } from '../../types/notifications.js';
import type { NotificationsState, NotificationSwitch } from '../../types/notification-state.js';
import { formatDateTime } from '../format.js';
import { usePage } from '../render-context.js';

export type NotificationsNotice =
  | { kind: 'switch'; type: NotificationType; channel: NotificationChannel; enabled: boolean }
  | { kind: 'lifted' }
  | { kind: 'confirm' };

export interface NotificationsPageProps {
  state: NotificationsState;
  notice?: NotificationsNotice;
}

const k = (key: string) => `pages:notifications.${key}`;

export function NotificationsPage({ state, notice }: NotificationsPageProps) {
  const { t, csrfToken } = usePage();
  const changed = notice?.kind === 'switch' ? notice : undefined;
  return (
    <div className="container section narrow notifications">
      <h1 className="page-title">{t(k('title'))}</h1>
      <p className="notifications__intro">{t(k('intro'))}</p>
      {notice && (
        <p className="notice notice--ok" role="status" data-testid="notifications-saved">
          {notice.kind === 'switch'
            ? t(k(notice.enabled ? 'savedOn' : 'savedOff'), { type: t(k(`types.${notice.type}.label`)), channel: t(k(`channels.${notice.channel}`)) })
            : t(k(notice.kind === 'lifted' ? 'lifted' : 'confirmSent'), { email: state.email })}
        </p>
      )}
      {state.suppressions.map((s) => <SuppressionNotice key={s.reason} reason={s.reason} since={s.since} email={state.email} />)}

      <form method="post" action="/notifications" className="notifications__card" data-testid="notifications-form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <div className="notifications__head" aria-hidden="true">
          <span />
          {NOTIFICATION_CHANNELS.map((c) => <span key={c} className="notifications__channel">{t(k(`channels.${c}`))}</span>)}
        </div>
        <ul className="notifications__list">
          {NOTIFICATION_TYPES.map((type) => (
            <li key={type} id={`type-${type}`} className="notifications__row">
              <div className="notifications__what">
                <span className="notifications__label">{t(k(`types.${type}.label`))}</span>
                <small className="notifications__hint">{t(k(`types.${type}.hint`))}</small>
                {state.switches[type].email.reason === 'listunsubscribe' && <small className="notifications__reason">{t(k('byLink'))}</small>}
                {changed?.type === type && <small className="notifications__saved" aria-hidden="true">✓ {t(k('savedShort'))}</small>}
              </div>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <Switch key={channel} type={type} channel={channel} value={state.switches[type][channel]} />
              ))}
            </li>
          ))}
        </ul>
      </form>
      <p className="notifications__footnote">{t(k('footnote'))}</p>
    </div>
  );
}

function Switch({ type, channel, value }: { type: NotificationType; channel: NotificationChannel; value: NotificationSwitch }) {
  const { t } = usePage();
  const label = `${t(k(`channels.${channel}`))}: ${t(k(`types.${type}.label`))}`;
  return (
    <span className="notifications__cell">
      <button
        type="submit" name="set" value={`${type}.${channel}.${value.enabled ? 'off' : 'on'}`}
        className={`switch${value.enabled ? ' switch--on' : ''}`} role="switch" aria-checked={value.enabled} aria-label={label}
        data-testid={`switch-${type}-${channel}`}
      >
        <span className="switch__track" aria-hidden="true"><span className="switch__knob" /></span>
        <span className="switch__state" aria-hidden="true">{t(k(value.enabled ? 'on' : 'off'))}</span>
      </button>
    </span>
  );
}

function SuppressionNotice({ reason, since, email }: { reason: SuppressionReason; since: string; email: string }) {
  const { t, lng, csrfToken } = usePage();
  const vars = { email, date: formatDateTime(lng, Date.parse(since)) };
  return (
    <section className="notice notice--error notifications__suppressed" role="alert" data-testid={`suppressed-${reason}`}>
      <h2>{t(k(`suppressed.${reason}.title`))}</h2>
      <p>{t(k(`suppressed.${reason}.why`), vars)}</p>
      <p>{t(k(`suppressed.${reason}.how`), vars)}</p>
      <div className="notifications__actions">
        {reason === 'bounce' ? (
          <>
            <a className="btn btn--light btn--sm" href="/settings#email">{t(k('changeAddress'))}</a>
            <form method="post" action="/notifications/confirm-address">
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit" className="btn btn--primary btn--sm">{t(k('confirmAddress'))}</button>
            </form>
          </>
        ) : (
          <form method="post" action="/notifications/reenable">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <input type="hidden" name="reason" value={reason} />
            <button type="submit" className="btn btn--primary btn--sm" data-testid={`reenable-${reason}`}>{t(k('reenable'))}</button>
          </form>
        )}
      </div>
    </section>
  );
}
