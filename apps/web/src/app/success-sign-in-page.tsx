import { useTranslation } from 'react-i18next';
import { Welcome } from './welcome';

/** Where "/" sends a signed-in user who may not read orders (spec 2.4). */
export default function SuccessSignInPage() {
  const { t } = useTranslation();
  return <Welcome title={t('auth.successSignin.title')} />;
}
