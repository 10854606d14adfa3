import { type MessageChannel, textOf } from '@ebox/domain';
import { Col, Form, Input, Row } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../../kit/fields/field-input';
import { useCursorInsert } from './cursor-insert';
import { MessagePreview } from './message-preview';
import { SmsSegmentsBar } from './sms-segments';
import { useTemplatePreview } from './template-preview';
import { TemplateProblem } from './template-problem';
import { VariableList } from './variable-list';
import './messages';

/** A value of the form as the user has it now (useWatch answers undefined on the first render). */
function useFormText(name: string): string | undefined {
  const form = Form.useFormInstance();
  Form.useWatch(name, form);
  return textOf(form.getFieldValue(name)) ?? undefined;
}

/**
 * The message template's content (issue 27, item 6): the text, the variables of the chosen trigger
 * beside it, the SMS counter when the channel is SMS, handlebars' error with its line as the user
 * types, and the preview with the sample order in both languages.
 */
export function CcmContentInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const problemId = useId();
  const content = textOf(props.value) ?? '';
  const channel = useFormText('type') as MessageChannel | undefined;
  const trigger = useFormText('trigger');
  const subject = useFormText('subject');
  const { ref, insert } = useCursorInsert(content, props.onChange);
  const preview = useTemplatePreview({
    content,
    // A WhatsApp template's subject is the name Meta approved, not a template; an SMS has none.
    subject: channel === 'email' || channel === 'push' ? subject : undefined,
    trigger,
  });
  const problem =
    preview.state === 'invalid' && preview.field === 'content'
      ? t('entities.ccm.errors.contentInvalid', { line: preview.problem.line, reason: preview.problem.reason })
      : undefined;
  const describedBy = [props['aria-describedby'], problemId].filter(Boolean).join(' ');
  return (
    <Row gutter={[16, 16]} data-testid="ccm-content-editor">
      <Col xs={24} lg={14}>
        <Input.TextArea
          ref={ref}
          id={props.id}
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          value={content}
          onChange={(event) => props.onChange?.(event.target.value)}
          autoSize={{ minRows: 6, maxRows: 16 }}
          aria-invalid={props['aria-invalid'] ?? (problem ? true : undefined)}
          aria-required={props['aria-required']}
          aria-describedby={describedBy}
          status={problem ? 'error' : undefined}
        />
        <TemplateProblem id={problemId} message={problem} />
        {channel === 'sms' && <SmsSegmentsBar content={content} onReplace={(replaced) => props.onChange?.(replaced)} />}
      </Col>
      <Col xs={24} lg={10}>
        <VariableList trigger={trigger} onInsert={insert} />
      </Col>
      <Col span={24}>
        <MessagePreview preview={preview} channel={channel} subject={subject} />
      </Col>
    </Row>
  );
}
