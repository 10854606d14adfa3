import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RenderedSample } from './template-preview';
import './messages';

/** WhatsApp's own colours: the chat wallpaper, a sent message's bubble, its text and its time. */
const CHAT = { wallpaper: '#efeae2', bubble: '#d9fdd3', text: '#111b21', time: '#4a5a63' };

/** The message as WhatsApp draws it: a green bubble on the chat's wallpaper, the time in its corner. */
function ChatBubble({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <figure
      aria-label={t('templateEditor.whatsapp.chatLabel')}
      style={{ margin: 0, padding: 16, background: CHAT.wallpaper, borderRadius: 8 }}
      data-testid="whatsapp-chat"
    >
      <div
        style={{
          marginInlineStart: 'auto',
          maxWidth: 'min(100%, 420px)',
          width: 'fit-content',
          padding: '6px 8px 8px 10px',
          background: CHAT.bubble,
          color: CHAT.text,
          borderRadius: '8px 0 8px 8px',
          boxShadow: '0 1px 0.5px rgba(11, 20, 26, 0.13)',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: 14.2,
          lineHeight: '19px',
        }}
        data-testid="whatsapp-bubble"
      >
        {text}
        <span style={{ float: 'inline-end', margin: '10px 0 -6px 12px', fontSize: 11, color: CHAT.time }}>
          {t('templateEditor.whatsapp.time')} ✓✓
        </span>
      </div>
    </figure>
  );
}

/**
 * A WhatsApp template's preview: the bubble, the name of the template Meta approved (the subject),
 * and which values go as its parameters {{1}}, {{2}}… (docs/messages.md).
 */
export function WhatsappPreview({ sample, templateName }: { sample: RenderedSample; templateName?: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <ChatBubble text={sample.body} />
      <Typography.Text>
        {templateName ? t('templateEditor.whatsapp.templateName', { name: templateName }) : t('templateEditor.whatsapp.noTemplateName')}
      </Typography.Text>
      <div>
        <Typography.Text strong style={{ display: 'block' }}>
          {t('templateEditor.whatsapp.parametersTitle')}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
          {t('templateEditor.whatsapp.parametersHint')}
        </Typography.Text>
        {sample.parameters.length === 0 ? (
          <Typography.Text type="secondary">{t('templateEditor.whatsapp.noParameters')}</Typography.Text>
        ) : (
          <ol style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }} data-testid="whatsapp-parameters">
            {sample.parameters.map((parameter) => (
              <li key={parameter.placeholder}>
                <Typography.Text code>{parameter.placeholder}</Typography.Text>
                {'← '}
                <Typography.Text code>{`{{${parameter.path}}}`}</Typography.Text>
                {': '}
                <Typography.Text strong>{parameter.value}</Typography.Text>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Flex>
  );
}
