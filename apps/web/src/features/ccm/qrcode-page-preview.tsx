import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageTabs } from './message-preview';
import type { TemplatePreview } from './template-preview';
import './messages';

/**
 * A QR-code template's page with the sample order, in a frame that runs nothing: `sandbox=""` takes
 * scripts, forms and navigation away from whatever HTML a template holds, and `srcdoc` keeps it off
 * the console's own origin.
 */
export function QrcodePagePreview({ preview }: { preview: TemplatePreview }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <LanguageTabs preview={preview} testId="qrcode-template-preview">
      {(sample, language) => (
        <iframe
          title={t('templateEditor.qrcode.frameTitle', { language: t(`common.languages.${language}`) })}
          sandbox=""
          srcDoc={sample.body}
          data-testid="qrcode-template-frame"
          style={{
            display: 'block',
            width: '100%',
            height: 360,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
            background: '#fff',
          }}
        />
      )}
    </LanguageTabs>
  );
}
