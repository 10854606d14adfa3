import { userEntity, userInviteSchema } from '@ebox/domain/entities/user';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityKeys } from '../../kit/entity-api';
import { fieldHint, fieldLabel } from '../../kit/entity-labels';
import { FieldInput } from '../../kit/fields/field-input';
import { RelationSelect } from '../../kit/fields/relation-select';
import { editFormPropsOf, FormButtons, FormRefusal, useFormSave } from '../../kit/form/form-save';
// The fields' hints (own company, temporary session, external sign-in) come with the form.
import '../../kit/form/form-hints';
import { UnsavedChangesPrompt } from '../../kit/form/unsaved-changes';
import { replaceErrors, validateWith } from '../../kit/validation';

const FIELDS = [['emails'], ['roles'], ['company'], ['allowedCompanies'], ['useTemporaryToken']];

import { PageTitle } from '../../app/page-title';
import { iamEndpoints } from './iam-api';

/**
 * /iam/new (spec 7.2 POST /iam): invite one or more users by email (comma separated, each checked:
 * 'Email {value} is invalid') with roles and, optionally, the companies they are limited to.
 */
export default function IamNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const { submitting, save, refusal, changes, leave } = useFormSave(form, userEntity, FIELDS.flat());

  const submit = async (values: Record<string, unknown>) => {
    const result = validateWith(t, userEntity, userInviteSchema, values);
    form.setFields(replaceErrors(FIELDS, result.ok ? [] : result.errors));
    if (!result.ok) return;
    await save(async () => {
      await iamEndpoints.create(result.data);
      message.success(t('iam.new.success'));
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(userEntity.name) });
      navigate('/iam');
    });
  };

  return (
    <Card title={<PageTitle title={t('iam.new.title')} />} data-testid="iam-new-page">
      <Form
        {...editFormPropsOf(form, changes)}
        name="iam-new"
        onFinish={submit}
        initialValues={{ emails: '', roles: [], company: null, allowedCompanies: [], useTemporaryToken: false }}
      >
        <UnsavedChangesPrompt changes={changes} />
        <FormRefusal message={refusal} />
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
            <Form.Item name="company" label={fieldLabel(t, userEntity, 'company')} extra={fieldHint(t, userEntity, 'company')}>
              <FieldInput entity={userEntity} path="company" field={userEntity.fields.company} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="allowedCompanies" label={fieldLabel(t, userEntity, 'allowedCompanies')}>
              <RelationSelect target="company" multiple />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="useTemporaryToken"
              label={fieldLabel(t, userEntity, 'useTemporaryToken')}
              extra={fieldHint(t, userEntity, 'useTemporaryToken')}
            >
              <FieldInput entity={userEntity} path="useTemporaryToken" field={userEntity.fields.useTemporaryToken} />
            </Form.Item>
          </Col>
        </Row>
        <FormButtons submitting={submitting} onCancel={leave(() => navigate('/iam'))} />
      </Form>
    </Card>
  );
}
