import { type SmsSegments, smsSegmentsOf, toGsm7 } from '@ebox/domain';
import { Button, Flex, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import './messages';

/** "143 characters · 1 segment", or "UCS-2 · 75 characters · 2 segments". */
export function smsCounterText(t: TFunction, counted: SmsSegments): string {
  const parts = [
    t('templateEditor.sms.characters', { count: counted.characters }),
    t('templateEditor.sms.segments', { count: counted.segments }),
  ];
  return (counted.encoding === 'UCS-2' ? ['UCS-2', ...parts] : parts).join(' · ');
}

/** The characters that make the SMS go as UCS-2, each marked as it is. */
function ForcingCharacters({ characters }: { characters: string[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="sms-non-gsm">
      {t('templateEditor.sms.forcedBy')}{' '}
      {characters.map((character) => (
        <mark
          key={character}
          style={{
            background: token.colorWarningBg,
            color: token.colorText,
            border: `1px solid ${token.colorWarningBorder}`,
            borderRadius: token.borderRadiusSM,
            padding: '0 4px',
            marginInlineEnd: 4,
            whiteSpace: 'pre',
          }}
        >
          {character === ' ' ? '\u2423' : character}
        </mark>
      ))}
    </Typography.Paragraph>
  );
}

/**
 * The SMS counter under the content (issue 27, item 2): GSM-7 or UCS-2, length as the carrier counts
 * it and the number of parts, live as the user types; a change of encoding or of parts is read out.
 * The button replaces the accents several Brazilian carriers do not deliver.
 */
export function SmsSegmentsBar({ content, onReplace }: { content: string; onReplace: (replaced: string) => void }) {
  const { t } = useTranslation();
  const counted = smsSegmentsOf(content);
  const replaced = toGsm7(content);
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid="sms-segments">
      {/* Read out when the encoding or the number of parts changes, not at every character typed. */}
      <span className="visually-hidden" aria-live="polite">
        {`${counted.encoding} · ${t('templateEditor.sms.segments', { count: counted.segments })}`}
      </span>
      <Flex wrap gap={8} align="center">
        <Typography.Text strong={counted.encoding === 'UCS-2'} data-testid="sms-counter">
          {smsCounterText(t, counted)}
        </Typography.Text>
        <Typography.Text type="secondary">({t('templateEditor.sms.perSegment', { count: counted.perSegment })})</Typography.Text>
      </Flex>
      <Typography.Text type="secondary">{t('templateEditor.sms.countsTyped')}</Typography.Text>
      {counted.nonGsmCharacters.length > 0 && <ForcingCharacters characters={counted.nonGsmCharacters} />}
      <Flex wrap gap={8} align="center">
        <Button onClick={() => onReplace(replaced)} disabled={replaced === content}>
          {t('templateEditor.sms.replace')}
        </Button>
        <Typography.Text type="secondary">{t('templateEditor.sms.replaceHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
