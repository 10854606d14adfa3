import { userEntity } from '@ebox/domain/entities/user';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityImporterPage } from '../../kit/importer/entity-importer-page';
import { iamEndpoints } from './iam-api';

/** /iam/importer: the kit's importer on POST /iam/import with the user declaration's import columns. */
export default function IamImporterPage() {
  const { t } = useTranslation();
  return (
    <EntityImporterPage
      entity={userEntity}
      endpoints={iamEndpoints}
      backPath="/iam"
      hint={<Typography.Text type="secondary">{t('iam.importer.hint')}</Typography.Text>}
    />
  );
}
