import { textOf } from '@ebox/domain';
import {
  BOT_STEPS,
  type BotLanguage,
  type BotStep,
  type BotStepDeclaration,
  DEFAULT_STEP_TEXTS,
  parseStepText,
  stepTextRefusal,
  WHATSAPP_LIMITS,
} from '@ebox/domain/bot/flow-steps';
import { Col, Input, Row, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../kit/entity-labels';
import type { FieldInputProps } from '../../kit/fields/field-input';
import { TemplateProblem } from '../ccm/template-problem';
import { StepPreview } from './step-preview';
import './messages';

/** `messages.confirmEn` → the step `confirm` in English; `messages.confirm` → in Portuguese. */
function stepOfPath(path: string): { step: BotStep; language: BotLanguage } {
  const key = path.split('.').at(-1) ?? '';
  const english = key.endsWith('En') && !(key in BOT_STEPS);
  return { step: (english ? key.slice(0, -2) : key) as BotStep, language: english ? 'en' : 'pt-BR' };
}

/**
 * One step's text in a bot flow's form (issue 32 item 1): the text, why WhatsApp would refuse it
 * as the user types (the declaration's own rule, stepTextRefusal, so the words are the save's), the
 * body's count against WhatsApp's limit, and the message as WhatsApp draws it beside it.
 */
export function StepTextInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const problemId = useId();
  const countId = useId();
  const { step, language } = stepOfPath(props.path);
  const text = textOf(props.value) ?? '';
  const refusal = text.trim() ? stepTextRefusal(step, text) : undefined;
  const problem = refusal ? t(refusal.message, refusal.values) : undefined;
  const { kind } = BOT_STEPS[step] as BotStepDeclaration;
  const max = kind === 'buttons' ? WHATSAPP_LIMITS.buttonsBody : WHATSAPP_LIMITS.body;
  const count = parseStepText(text || DEFAULT_STEP_TEXTS[language][step]).body.length;
  const describedBy = [props['aria-describedby'], problemId, countId].filter(Boolean).join(' ');
  return (
    <Row gutter={[16, 8]} data-testid={`bot-step-${props.path.split('.').at(-1)}`}>
      <Col xs={24} lg={13}>
        <Input.TextArea
          id={props.id}
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          value={text}
          placeholder={DEFAULT_STEP_TEXTS[language][step]}
          onChange={(event) => props.onChange?.(event.target.value)}
          autoSize={{ minRows: 2, maxRows: 12 }}
          aria-invalid={props['aria-invalid'] ?? (problem ? true : undefined)}
          aria-required={props['aria-required']}
          aria-describedby={describedBy}
          status={problem ? 'error' : undefined}
        />
        <TemplateProblem id={problemId} message={problem} />
        <Typography.Text type="secondary" id={countId} style={{ fontSize: 12 }}>
          {t('botFlowPreview.bodyCount', { count, max })}
          {text.trim() ? '' : ` ${t('botFlowPreview.defaultText')}`}
        </Typography.Text>
      </Col>
      <Col xs={24} lg={11}>
        <StepPreview step={step} language={language} text={text} stepLabel={fieldLabel(t, props.entity, props.path)} />
      </Col>
    </Row>
  );
}
