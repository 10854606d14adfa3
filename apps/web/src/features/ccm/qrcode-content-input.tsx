import { textOf } from '@ebox/domain';
import { Col, Form, Input, Row } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../kit/entity-labels';
import type { FieldInputProps } from '../../kit/fields/field-input';
import { useCursorInsert } from './cursor-insert';
import { QrcodePagePreview } from './qrcode-page-preview';
import { useTemplatePreview } from './template-preview';
import { TemplateProblem } from './template-problem';
import { VariableList } from './variable-list';
import './messages';

/**
 * The QR-code template's HTML page (issue 27, item 6): the variables of its type (a type is the
 * moment it is shown, as a message's trigger), handlebars' error with its line as the user types,
 * and the page with the sample order in both languages.
 */
export function QrcodeContentInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const problemId = useId();
  const form = Form.useFormInstance();
  Form.useWatch('type', form);
  const type = textOf(form.getFieldValue('type')) ?? undefined;
  const content = textOf(props.value) ?? '';
  const { ref, insert } = useCursorInsert(content, props.onChange);
  const preview = useTemplatePreview({ content, trigger: type, isHtml: true });
  const problem =
    preview.state === 'invalid'
      ? t('entities.qrcodeTemplate.errors.hbsContentInvalid', {
          label: fieldLabel(t, props.entity, props.path),
          line: preview.problem.line,
          reason: preview.problem.reason,
        })
      : undefined;
  return (
    <Row gutter={[16, 16]} data-testid="qrcode-content-editor">
      <Col xs={24} lg={14}>
        <Input.TextArea
          ref={ref}
          id={props.id}
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          value={content}
          onChange={(event) => props.onChange?.(event.target.value)}
          autoSize={{ minRows: 8, maxRows: 20 }}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          aria-invalid={props['aria-invalid'] ?? (problem ? true : undefined)}
          aria-required={props['aria-required']}
          aria-describedby={[props['aria-describedby'], problemId].filter(Boolean).join(' ')}
          status={problem ? 'error' : undefined}
        />
        <TemplateProblem id={problemId} message={problem} />
      </Col>
      <Col xs={24} lg={10}>
        <VariableList trigger={type} onInsert={insert} />
      </Col>
      <Col span={24}>
        <QrcodePagePreview preview={preview} />
      </Col>
    </Row>
  );
}
