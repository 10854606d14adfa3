import { UnorderedListOutlined } from '@ant-design/icons';
import { BOT_CATALOG_SIZES, type BotLanguage, type BotStep, stepTextOf } from '@ebox/domain/bot/flow-steps';
import { type OutgoingContent, outgoingTextOf, renderStep } from '@ebox/domain/bot/outgoing';
import { type CSSProperties, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './messages';

/**
 * WhatsApp's own colours for a message the customer receives: the chat's wallpaper, a white bubble,
 * its text and time, and the blue of its buttons (darkened to keep 4.5:1 on white: AA).
 */
const CHAT = { wallpaper: '#efeae2', bubble: '#ffffff', text: '#111b21', time: '#54656f', action: '#00668c', line: '#e9edef' };

/** The steps after whose text the bot writes lines of the moment (bot/outgoing.ts): the preview says what comes. */
const EXTRAS: Partial<Record<BotStep, string>> = {
  payment: 'payment',
  booked: 'booked',
  orders: 'orders',
  codes: 'codes',
};

const bubble: CSSProperties = {
  maxWidth: 'min(100%, 360px)',
  background: CHAT.bubble,
  color: CHAT.text,
  borderRadius: '0 8px 8px 8px',
  boxShadow: '0 1px 0.5px rgba(11, 20, 26, 0.13)',
  fontSize: 14.2,
  lineHeight: '19px',
};

const chip: CSSProperties = {
  ...bubble,
  borderRadius: 8,
  marginTop: 2,
  padding: '8px 12px',
  textAlign: 'center',
  color: CHAT.action,
  fontWeight: 500,
};

/**
 * The message a step's text makes, as bot/outgoing.ts builds it for WhatsApp (renderStep, the same
 * code the bot sends with): a list step shows sizes as its example rows, since the bot lists the
 * sizes free at the moment the customer asks.
 */
function contentOf(step: BotStep, language: BotLanguage, text: string): { content: OutgoingContent; sampleRows: boolean } {
  const key = language === 'pt-BR' ? step : `${step}En`;
  const written = stepTextOf({ [key]: text }, step, language);
  const sampleRows = written.choices.length <= 1;
  const rows = (sampleRows ? BOT_CATALOG_SIZES.slice(0, 4) : written.choices.slice(1)).map((title, index) => ({
    id: `row:${index}`,
    title,
  }));
  return { content: renderStep({ [key]: text }, step, language, { rows }), sampleRows };
}

/**
 * One step's message as WhatsApp draws it to the customer (issue 32 item 1): the bubble with its
 * text, a list's button opening its rows in a sheet, reply buttons under the bubble. The words are
 * the step's language (`language`); what the preview itself says is the console's.
 */
export function StepPreview({
  step,
  language,
  text,
  stepLabel,
}: {
  step: BotStep;
  language: BotLanguage;
  text: string;
  stepLabel: string;
}) {
  const { t } = useTranslation();
  const sheetId = useId();
  const [open, setOpen] = useState(false);
  const { content, sampleRows } = contentOf(step, language, text);
  const extra = EXTRAS[step];
  const interactive = content.type === 'interactive' ? content.interactive : undefined;
  const body = outgoingTextOf(content);
  return (
    <figure
      aria-label={t('botFlowPreview.label', { step: stepLabel })}
      lang={language}
      style={{ margin: 0, padding: 12, background: CHAT.wallpaper, borderRadius: 8 }}
      data-testid={`bot-step-preview-${step}${language === 'en' ? 'En' : ''}`}
    >
      <div style={{ ...bubble, width: 'fit-content', padding: '6px 8px 8px 10px' }} data-testid="bot-preview-bubble">
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{body}</div>
        {extra && (
          <div style={{ marginTop: 6, fontStyle: 'italic', color: CHAT.time }}>
            {t('botFlowPreview.extra', { what: t(`botFlowPreview.extras.${extra}`) })}
          </div>
        )}
        <div style={{ textAlign: 'end', fontSize: 11, color: CHAT.time }}>{t('botFlowPreview.time')}</div>
        {interactive?.type === 'list' && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={sheetId}
            onClick={() => setOpen((was) => !was)}
            style={{
              display: 'block',
              width: '100%',
              marginTop: 4,
              padding: '8px 0 2px',
              border: 0,
              borderTop: `1px solid ${CHAT.line}`,
              background: 'transparent',
              color: CHAT.action,
              font: 'inherit',
              fontWeight: 500,
              cursor: 'pointer',
            }}
            data-testid="bot-preview-list-button"
          >
            <UnorderedListOutlined aria-hidden="true" /> {interactive.action.button}
          </button>
        )}
      </div>
      {interactive?.type === 'button' && (
        <ul
          aria-label={t('botFlowPreview.buttons')}
          style={{ listStyle: 'none', margin: 0, padding: 0, maxWidth: 360 }}
          data-testid="bot-preview-buttons"
        >
          {interactive.action.buttons.map((button) => (
            <li key={button.reply.id} style={chip}>
              {button.reply.title}
            </li>
          ))}
        </ul>
      )}
      {interactive?.type === 'list' && open && (
        <div
          id={sheetId}
          style={{ ...bubble, borderRadius: '12px 12px 0 0', marginTop: 8, padding: '8px 12px' }}
          data-testid="bot-preview-sheet"
        >
          <div style={{ textAlign: 'center', fontWeight: 600, paddingBottom: 6 }}>{interactive.action.button}</div>
          {interactive.action.sections.map((section) => (
            <ul key={section.title} aria-label={t('botFlowPreview.rows')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {section.rows.map((row) => (
                <li
                  key={row.id}
                  style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 0', borderTop: `1px solid ${CHAT.line}` }}
                >
                  <span>
                    <span style={{ display: 'block' }}>{row.title}</span>
                    {'description' in row && typeof row.description === 'string' && (
                      <span style={{ display: 'block', fontSize: 13, color: CHAT.time }}>{row.description}</span>
                    )}
                  </span>
                  <span aria-hidden="true" style={{ width: 16, height: 16, borderRadius: '50%', border: `2px solid ${CHAT.time}` }} />
                </li>
              ))}
            </ul>
          ))}
          {sampleRows && <div style={{ fontSize: 12, color: CHAT.time, paddingTop: 4 }}>{t('botFlowPreview.sampleRows')}</div>}
        </div>
      )}
    </figure>
  );
}
