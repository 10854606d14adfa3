import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagForTests } from '../../app/tag-for-tests';
import { entityKeys } from '../../kit/entity-api';
import { sendCommand } from './command-request';
import './messages';

export type CompartmentAction = 'open' | 'lock' | 'release';

/**
 * A command to one compartment, after a confirmation, with the API's own words for the outcome:
 * open (GET /compartiment/open/{id}, with the order it is opened for when there is one; the terminal's
 * answer, "Could not communicate with Locker" or "outcome unknown" as the API says them), lock and
 * release (PUT /compartiment/lock/{id}). Shared by the locker face's drawer and the order page.
 */
export function useCompartmentCommand(compartment: { id: string; number?: unknown } | null, orderId?: string) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<CompartmentAction | null>(null);
  const number = compartment?.number;

  const run = async (action: CompartmentAction) => {
    if (!compartment) return;
    setBusy(action);
    try {
      if (action === 'open') {
        const query = orderId ? `?orderId=${encodeURIComponent(orderId)}` : '';
        await sendCommand('GET', `/compartiment/open/${compartment.id}${query}`);
        message.success(t('lockerLive.compartment.opened', { number }));
      } else {
        await sendCommand('PUT', `/compartiment/lock/${compartment.id}`, { data: { status: action === 'lock' ? 'DAMAGE' : 'AVAILABLE' } });
        message.success(t(action === 'lock' ? 'lockerLive.compartment.locked' : 'lockerLive.compartment.released', { number }));
      }
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('compartiment') });
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('auditLog') });
    }
  };

  const confirm = (action: CompartmentAction) => {
    const titleKey = { open: 'confirmOpen', lock: 'confirmLock', release: 'confirmRelease' }[action];
    modal.confirm({
      title: t(`lockerLive.compartment.${titleKey}`, { number }),
      content: t(`lockerLive.compartment.${titleKey}Text`),
      okText: t(`lockerLive.compartment.${action}`),
      okButtonProps: { danger: action !== 'release', ...tagForTests(`confirm-${action}`) },
      cancelText: t('kit.actions.cancel'),
      onOk: () => run(action),
    });
  };

  return { busy, confirm };
}
