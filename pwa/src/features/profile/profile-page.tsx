/**
 * My Profile (spec section 2, issue 29): who I am (role read-only), editing the name and photo
 * (offline too, through the outbox), the mobile number confirmed with a code (issue 50), and the
 * password change.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { localDb } from '../../lib/local-db.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { fetchProfile, type Profile } from './profile-api.ts';
import { ProfileForm } from './profile-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { PhoneNumberPanel } from './phone-number-panel.tsx';
import { NotificationToggle } from '../../components/notification-permission.tsx';
import './profile.css';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { pictureSrcSet } from '../../lib/picture-sources.ts';
import { roleLabel } from '../../components/role-label.ts';

/** The person's edits still in the outbox, newest last, shown over the kept profile. */
function useWaitingEdits(userId: string) {
  return useLiveQuery(
    () => localDb.outbox.where('userId').equals(userId).filter((item) => item.type === 'profile.update' && item.state === 'queued').sortBy('seq'),
    [userId],
    [],
  );
}

export function ProfilePage() {
  usePageTitle(t('title.profile'));
  const { user } = useSession();
  const profile = useRequest((signal) => fetchProfile(signal), []);
  const waiting = useWaitingEdits(user?.id ?? '');
  const shown: Profile | undefined =
    profile.status === 'ready' ? waiting.reduce((p, item) => ({ ...p, ...(item.payload as Partial<Profile>) }), profile.data) : undefined;
  return (
    <section className="profile">
      <h1>{t('profile.heading')}</h1>
      {profile.status === 'loading' && <LoadingState>{t('profile.loading')}</LoadingState>}
      {profile.status === 'error' && <ErrorState onRetry={profile.reload}>{t('profile.failed')}</ErrorState>}
      {shown && (
        <>
          <ProfileCard profile={shown} waiting={waiting.length > 0} />
          <ProfileForm key={profile.status === 'ready' ? profile.data.id : ''} profile={shown} onSaved={(saved) => profile.update(() => saved)} />
          <PhoneNumberPanel profile={shown} onConfirmed={(saved) => profile.update(() => saved)} />
        </>
      )}
      <NotificationToggle />
      <PasswordForm />
    </section>
  );
}

function ProfileCard({ profile, waiting }: { profile: Profile; waiting: boolean }) {
  const initial = (profile.name || (profile.hasEmail ? profile.email : '')).trim().charAt(0).toUpperCase();
  return (
    <div className="panel profile__card">
      {profile.photoURL ? (
        <img
          className="profile__photo"
          sizes="96px"
          srcSet={pictureSrcSet(profile.photoURL)}
          src={profile.photoURL}
          alt={t('profile.photoOf', { name: profile.name })}
          width="96"
          height="96"
        />
      ) : (
        <span className="profile__photo profile__photo--initial" aria-hidden="true">{initial}</span>
      )}
      <dl className="profile__facts">
        <dt>{t('profile.name')}</dt>
        <dd>{profile.name}</dd>
        {profile.hasEmail && (
          <>
            <dt>{t('profile.email')}</dt>
            <dd>{profile.email}</dd>
          </>
        )}
        <dt>{t('profile.phone')}</dt>
        <dd>{profile.phone ? <a href={`tel:${profile.phone}`}>{profile.phone}</a> : t('profile.noPhone')}</dd>
        <dt>{t('profile.role')}</dt>
        <dd><span className="badge badge--info">{roleLabel(profile.role)}</span></dd>
        {profile.last_log_in && (
          <>
            <dt>{t('profile.lastLogin')}</dt>
            <dd>{formatDateTime(profile.last_log_in)}</dd>
          </>
        )}
      </dl>
      {waiting && <p className="badge badge--info profile__waiting">{t('sync.waiting')}</p>}
    </div>
  );
}
