/**
 * One policy's premiums: the server's answer when online (the truth, paid dues included the
 * moment an agent's collection arrives), else the device's copy worked out on the device.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { localDb } from '../../lib/local-db.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useRequest, type Request } from '../../lib/use-request.ts';
import { localPremiums } from '../../lib/premiums/local-premiums.ts';
import { premiumSettingsOnDevice, refreshPremiumSettings } from '../../lib/premiums/premium-settings.ts';
import { fetchPremiums, type Premiums } from '../../lib/premiums/premiums-api.ts';

export interface PremiumsSource {
  premiums: Premiums | null;
  /** Shown from the device's copy (offline, or the server not answered yet). */
  fromDevice: boolean;
  remote: Request<Premiums>;
}

export function usePremiums(applicationId: string): PremiumsSource {
  const online = useOnline();
  const local = useLiveQuery(async () => {
    const application = await localDb.applications.get(applicationId);
    // The server's grace and revival days (client-config), kept on the device.
    return application ? localPremiums(application, await premiumSettingsOnDevice()) : null;
  }, [applicationId]);
  useEffect(() => {
    if (online) void refreshPremiumSettings();
  }, [online]);
  const remote = useRequest((signal) => fetchPremiums(applicationId, signal), [applicationId, online], online && applicationId !== '');
  if (remote.status === 'ready') return { premiums: remote.data, fromDevice: false, remote };
  return { premiums: local ?? null, fromDevice: local != null, remote };
}
