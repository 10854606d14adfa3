import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import './messages';

/** Where a control names the note as its description (aria-describedby). */
export const COMPARTMENT_OFFLINE_NOTE_ID = 'compartment-offline';

/**
 * Why a door of an offline locker will not open, shown beside the open button before anyone clicks:
 * the locker face's drawer and the order page say it in the same words.
 */
export function CompartmentOfflineNote() {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('lockerLive.compartment.offline')}
      data-testid="compartment-offline"
      id={COMPARTMENT_OFFLINE_NOTE_ID}
    />
  );
}
