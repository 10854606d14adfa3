import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormPage } from '../../kit/form/entity-form-page';
import { showSecretOnce } from './webhook-secret';

/** /webhook/new and /webhook/:id/edit: the kit's form; a create shows the signing secret once before the page leaves. */
export function WebhookFormPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (
    <EntityFormPage
      afterCreate={async (answer) => {
        if (typeof answer.secret === 'string')
          await showSecretOnce(modal, t, answer.secret, { title: t('webhookPage.secret.createdTitle') });
      }}
    />
  );
}
