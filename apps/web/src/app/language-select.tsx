import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@ebox/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './providers';

/** Spec 2.5: the header's language select (pt-BR / English), also on the auth pages. */
export function LanguageSelect({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <Select<Language>
      data-testid="language-select"
      aria-label={t('common.language')}
      value={language}
      onChange={(value) => void setLanguage(value)}
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      defaultOpen={defaultOpen}
      autoFocus={defaultOpen}
      options={LANGUAGES.map((value) => ({ value, label: t(`common.languages.${value}`) }))}
    />
  );
}
