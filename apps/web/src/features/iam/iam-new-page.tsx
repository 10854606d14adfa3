import { userEntity, userInviteSchema } from '@ebox/domain/entities/user';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorHandler } from '../../app/error-handler';
import { entityKeys } from '../../kit/entity-api';
import { fieldLabel } from '../../kit/entity-labels';
import { RelationSelect } from '../../kit/fields/relation-select';
import { clearedErrorsOf, replaceErrors, serverFieldErrors, validateWith } from '../../kit/validation';

const FIELDS = [['emails'], ['roles'], ['allowedCompanies']];

import { iamEndpoints } from './iam-api';

/**
 * /iam/new (spec 7.2 POST /iam): invite one or more users by email (comma separated, each checked:
 * 'Email {value} is invalid') with roles and, optionally, the companies they are limited to.
 */
export default function IamNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    const result = validateWith(t, userEntity, userInviteSchema, values);
    form.setFields(replaceErrors(FIELDS, result.ok ? [] : result.errors));
    if (!result.ok) return;
    setSubmitting(true);
    try {
      await iamEndpoints.create(result.data);
      message.success(t('iam.new.success'));
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(userEntity.name) });
      navigate('/iam');
    } catch (error) {
      const fieldErrors = serverFieldErrors(userEntity, error, FIELDS.flat());
      if (fieldErrors.length) form.setFields(fieldErrors);
      handleError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={t('iam.new.title')} data-testid="iam-new-page">
      <Form
        form={form}
        name="iam-new"
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed) => form.setFields(clearedErrorsOf(changed))}
        initialValues={{ emails: '', roles: [], allowedCompanies: [] }}
      >
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="emails" label={fieldLabel(t, userEntity, 'emails')} required extra={t('iam.new.emailsHint')}>
              <Input autoFocus placeholder="ana@empresa.com.br, joao@empresa.com.br" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="roles" label={fieldLabel(t, userEntity, 'roles')} required>
              <RelationSelect target="role" multiple />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="allowedCompanies" label={fieldLabel(t, userEntity, 'allowedCompanies')}>
              <RelationSelect target="company" multiple />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="form-submit">
            {t('kit.actions.save')}
          </Button>
          <Button onClick={() => navigate('/iam')} disabled={submitting} data-testid="form-cancel">
            {t('kit.actions.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
