import type { Field } from '@ebox/domain';
import { userEditSchema, userEntity } from '@ebox/domain/entities/user';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Col, Form, Input, Row, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { PageTitle } from '../../app/page-title';
import { entityKeys } from '../../kit/entity-api';
import { fieldHint, fieldLabel } from '../../kit/entity-labels';
import { FieldInput } from '../../kit/fields/field-input';
import { editFormPropsOf, FormButtons, FormRefusal, useFormSave } from '../../kit/form/form-save';
// The fields' hints (own company, temporary session, external sign-in) come with the form.
import '../../kit/form/form-hints';
import { UnsavedChangesPrompt } from '../../kit/form/unsaved-changes';
import { useFindFailure } from '../../kit/navigation';
import { replaceErrors, validateWith } from '../../kit/validation';
import { type IamUser, iamEndpoints } from './iam-api';

const EDITABLE = ['username', 'firstName', 'lastName', 'phoneNumber', 'roles', 'company', 'allowedCompanies', 'useTemporaryToken'] as const;

/**
 * /iam/:id/edit (spec 7.2 PUT /iam): username, names, phone, roles, own and allowed companies, and
 * whether the session stays in memory only. The email and the external sign-in's identifier are
 * shown, never sent. Editing yourself refreshes the current user.
 */
export default function IamEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const onFindFailure = useFindFailure(userEntity);
  const queryClient = useQueryClient();
  const { user: me, refresh } = useCurrentUser();
  const [form] = Form.useForm();
  const { submitting, save, refusal, changes, leave } = useFormSave(form, userEntity);
  const record = useQuery({ queryKey: entityKeys.find(userEntity.name, id), queryFn: () => iamEndpoints.find(id) as Promise<IamUser> });

  useEffect(() => {
    if (record.error) onFindFailure(record.error);
  }, [record.error, onFindFailure]);

  const submit = async (values: Record<string, unknown>) => {
    const result = validateWith(t, userEntity, userEditSchema, { ...values, id });
    form.setFields(
      replaceErrors(
        EDITABLE.map((name) => [name]),
        result.ok ? [] : result.errors,
      ),
    );
    if (!result.ok) return;
    await save(async () => {
      await iamEndpoints.update(id, result.data);
      message.success(t('iam.edit.success'));
      if (me?.id === id) await refresh();
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(userEntity.name) });
      navigate('/iam');
    });
  };

  const user = record.data;
  return (
    <Card title={<PageTitle title={t('iam.edit.title')} />} data-testid="iam-edit-page">
      {!user ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <Form
          {...editFormPropsOf(form, changes)}
          name="iam-edit"
          onFinish={submit}
          initialValues={{
            firstName: user.firstName ?? '',
            lastName: user.lastName ?? '',
            phoneNumber: user.phoneNumber ?? '',
            username: user.username ?? '',
            roles: user.roles,
            company: user.company,
            allowedCompanies: user.allowedCompanies ?? [],
            useTemporaryToken: user.useTemporaryToken,
          }}
        >
          <UnsavedChangesPrompt changes={changes} />
          <FormRefusal message={refusal} />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {/* Not a form field (the email cannot change): the label names the input through htmlFor. */}
              <Form.Item label={fieldLabel(t, userEntity, 'email')} htmlFor="iam-edit-email">
                <Input id="iam-edit-email" value={user.email} disabled />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {/* Spec 3: given by an external sign-in, read-only: shown, never part of what the form sends. */}
              <Form.Item
                label={fieldLabel(t, userEntity, 'authenticationUid')}
                htmlFor="iam-edit-authentication-uid"
                extra={t('entities.user.hints.authenticationUid')}
              >
                <Input id="iam-edit-authentication-uid" value={user.authenticationUid ?? '—'} disabled />
              </Form.Item>
            </Col>
            {EDITABLE.map((name, index) => {
              const field: Field = userEntity.fields[name];
              return (
                <Col key={name} xs={24} md={12}>
                  <Form.Item
                    name={name}
                    label={fieldLabel(t, userEntity, name)}
                    required={field.required}
                    extra={fieldHint(t, userEntity, name)}
                  >
                    <FieldInput entity={userEntity} path={name} field={field} autoFocus={index === 0} />
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
          <FormButtons submitting={submitting} onCancel={leave(() => navigate(-1))} />
        </Form>
      )}
    </Card>
  );
}
