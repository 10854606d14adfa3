import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../kit/entity-api';
import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { WebhookDeliveriesCard } from './webhook-deliveries';
import { WebhookSecretCard } from './webhook-secret';

/** Why the console switched the webhook off (410 Gone, five days of failures): said before anything else. */
function DisabledBanner({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  if (record.enable === true || !record.disabledReason) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      data-testid="webhook-disabled-banner"
      title={t('webhookPage.deliveries.disabled', { reason: String(record.disabledReason) })}
    />
  );
}

/** /webhook/:id: the webhook, why it is off if the console switched it off, its signing secret and its delivery log. */
export function WebhookViewPage() {
  const entity = useRouteEntity();
  return (
    <EntityViewPage entity={entity} header={(record) => <DisabledBanner record={record} />}>
      {(record) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <WebhookSecretCard record={record} />
          <WebhookDeliveriesCard webhookId={record.id} />
        </Space>
      )}
    </EntityViewPage>
  );
}
