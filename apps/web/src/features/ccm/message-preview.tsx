import { EllipsisOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, type MessageChannel, smsSegmentsOf } from '@ebox/domain';
import { Alert, Card, Flex, Tabs, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '../../app/page-title';
import { smsCounterText } from './sms-segments';
import type { RenderedSample, TemplatePreview } from './template-preview';
import { WhatsappPreview } from './whatsapp-preview';
import './messages';

/** A message's text as it is sent: its line breaks kept, long words wrapped. */
function MessageText({ text }: { text: string }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        padding: token.paddingSM,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: token.colorFillQuaternary,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
      data-testid="template-preview-text"
    >
      {text}
    </div>
  );
}

function ChannelSample({ channel, sample, subject }: { channel?: MessageChannel; sample: RenderedSample; subject?: string }) {
  const { t } = useTranslation();
  if (channel === 'whatsapp') return <WhatsappPreview sample={sample} templateName={subject} />;
  const heading = channel === 'email' ? t('templateEditor.preview.subject') : t('templateEditor.preview.pushTitle');
  return (
    <Flex vertical gap={8}>
      {(channel === 'email' || channel === 'push') && (
        <Typography.Text data-testid="template-preview-subject">
          <Typography.Text strong>{heading}: </Typography.Text>
          {sample.subject || t('templateEditor.preview.noSubject')}
        </Typography.Text>
      )}
      <MessageText text={sample.body} />
      {channel === 'sms' && (
        <Typography.Text type="secondary">
          {t('templateEditor.preview.renderedCount', { counter: smsCounterText(t, smsSegmentsOf(sample.body)) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** What the preview says while there is no sample to show. */
function PreviewState({ preview }: { preview: Exclude<TemplatePreview, { state: 'ready' }> }) {
  const { t } = useTranslation();
  switch (preview.state) {
    case 'loading':
      return <Typography.Text type="secondary">{t('templateEditor.preview.loading')}</Typography.Text>;
    case 'empty':
      return <Typography.Text type="secondary">{t('templateEditor.preview.empty')}</Typography.Text>;
    case 'invalid':
      return (
        <Alert
          type="warning"
          showIcon
          title={t('templateEditor.preview.notCompiled')}
          // The content's error is under the field; the subject's is said here too, beside its preview.
          description={
            preview.field === 'subject'
              ? t('entities.ccm.errors.subjectInvalid', { line: preview.problem.line, reason: preview.problem.reason })
              : undefined
          }
        />
      );
    case 'failed':
      return <Alert type="error" showIcon title={t('templateEditor.preview.failed', { reason: preview.reason })} />;
  }
}

/**
 * The live preview with the sample order, one tab per language (the tabs: Tab to them, arrows
 * between them): a template's text as the customer receives it on its channel.
 */
export function LanguageTabs({
  preview,
  testId,
  children,
}: {
  preview: TemplatePreview;
  testId: string;
  children: (sample: RenderedSample, language: Language) => ReactNode;
}) {
  const { t } = useTranslation();
  // The tabs stay while the preview waits or the template is broken: the chosen language stays chosen.
  return (
    <Card
      size="small"
      title={<SectionTitle title={t('templateEditor.preview.title')} />}
      // The title wraps on a phone rather than losing its end.
      styles={{ title: { whiteSpace: 'normal' } }}
      data-testid={testId}
    >
      <Tabs
        size="small"
        // antd's overflow button is named by its icon ("ellipsis") unless given words.
        more={{ icon: <EllipsisOutlined aria-label={t('kit.moreTabs')} /> }}
        items={LANGUAGES.map((language) => ({
          key: language,
          label: t(`common.languages.${language}`),
          children: preview.state === 'ready' ? children(preview.byLanguage[language], language) : <PreviewState preview={preview} />,
        }))}
      />
    </Card>
  );
}

/** A message template's preview: e-mail with its subject, SMS with its length, WhatsApp as the chat draws it, push as a title and text. */
export function MessagePreview({ preview, channel, subject }: { preview: TemplatePreview; channel?: MessageChannel; subject?: string }) {
  return (
    <LanguageTabs preview={preview} testId="template-preview">
      {(sample) => <ChannelSample channel={channel} sample={sample} subject={subject} />}
    </LanguageTabs>
  );
}
