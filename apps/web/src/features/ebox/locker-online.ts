import { DECLARED_ENTITIES } from '@ebox/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../app/current-user';
import { type LiveMessage, useLiveEvents } from '../../app/live-events';
import { type EntityRecord, endpointsOf, entityKeys } from '../../kit/entity-api';

// Apart from locker-live.tsx, so that a screen of another record (the order page) does not carry the locker face's code.
const ebox = DECLARED_ENTITIES.ebox;

/** A pushed online/offline: the locker's cached record says it at once, then is read again. */
export function patchLockerStatus(queryClient: QueryClient, eboxId: string, status: string): void {
  queryClient.setQueryData<EntityRecord>(entityKeys.find('ebox', eboxId), (old) => (old ? { ...old, status } : old));
  void queryClient.invalidateQueries({ queryKey: entityKeys.find('ebox', eboxId) });
}

/**
 * Whether a locker is online, for a screen of another record that acts on it (the order page opens
 * its door): read once, then kept by the pushed ebox.statusChanged, as the locker's own page is.
 * Undefined while unknown, and for a reader without eboxRead (neither the record nor the push is
 * theirs): the API's answer to the command says it then.
 */
export function useLockerOnline(eboxId: string | null | undefined): boolean | undefined {
  const { can } = useCurrentUser();
  const queryClient = useQueryClient();
  const enabled = Boolean(eboxId) && can('eboxRead');
  const locker = useQuery({
    queryKey: entityKeys.find('ebox', eboxId ?? ''),
    queryFn: () => endpointsOf(ebox).find(eboxId ?? ''),
    enabled,
    retry: false,
  });
  useLiveEvents((message: LiveMessage) => {
    if (!eboxId) return;
    if (message.name === 'ready') void queryClient.invalidateQueries({ queryKey: entityKeys.find('ebox', eboxId) });
    else if (message.name === 'ebox.statusChanged' && message.payload.eboxId === eboxId) {
      patchLockerStatus(queryClient, eboxId, message.payload.status);
    }
  }, enabled);
  return locker.data ? locker.data.status === 'online' : undefined;
}
