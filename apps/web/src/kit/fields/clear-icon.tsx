import { CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The clear button's icon, named in the user's language: antd's own names the button "close-circle". */
function ClearIcon() {
  const { t } = useTranslation();
  return <CloseCircleFilled aria-label={t('common.clear')} />;
}

/** `allowClear` for an Input: the clear button it adds is named by this icon (antd gives the button no name of its own). */
export const CLEARABLE = { clearIcon: <ClearIcon /> };
