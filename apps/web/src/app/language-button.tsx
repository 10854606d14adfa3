import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './providers';

const loadLanguageSelect = () => import('./language-select').then((module) => ({ default: module.LanguageSelect }));
const LanguageSelect = lazy(loadLanguageSelect);

/**
 * The auth pages' language select, drawn as a button until it is used: antd's Select (about 25 kB
 * compressed) is fetched on the first hover or focus and shown, open, on the first click, instead
 * of weighing on every sign-in.
 */
export function LanguageButton() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [opened, setOpened] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      iconPlacement="end"
      aria-label={t('common.languageCurrent', { language: t(`common.languages.${language}`) })}
      aria-haspopup="listbox"
      data-testid="language-select"
      onPointerEnter={() => void loadLanguageSelect()}
      onFocus={() => void loadLanguageSelect()}
      onClick={() => setOpened(true)}
    >
      {t(`common.languages.${language}`)}
    </Button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <LanguageSelect defaultOpen />
    </Suspense>
  );
}
