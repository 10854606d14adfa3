import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { IMAGE_FORMATS, MAX_FILE_SIZE } from '@ebox/domain';
import { profileSchema, userEntity } from '@ebox/domain/entities/user';
import { useMutation } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Flex, Form, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api, upload } from '../../app/api-client';
import { type CurrentUser, type FileRef, useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { PageTitle } from '../../app/page-title';
import { MaskedInput } from '../../kit/fields/field-input';
import { editFormPropsOf, FormRefusal, useFormSave } from '../../kit/form/form-save';
import { UnsavedChangesPrompt } from '../../kit/form/unsaved-changes';
import { replaceErrors, validateWith } from '../../kit/validation';

type ProfileForm = { firstName: string | null; lastName: string | null; phoneNumber: string | null };

/** The fields of this form: the API's errors about them are shown under them. */
const FIELDS = ['firstName', 'lastName', 'phoneNumber'] as const;

/** The API names the fields of PUT /auth/profile under `profile.`; the form names them bare. */
function withBareFieldPaths(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields = error.fields.map((field) => ({ ...field, path: field.path.replace(/^profile\./, '') }));
  return new ApiError(error.status, error.message, error.code, fields);
}

/** The upload endpoint's image rule (raster formats of the domain list, by extension and content type). */
function isAcceptedImage(file: File): boolean {
  const dot = file.name.lastIndexOf('.');
  const extension = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase();
  return IMAGE_FORMATS.includes(extension) && (!file.type || file.type.startsWith('image/'));
}

function ProfileFormCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const handleError = useErrorHandler();
  const { refresh } = useCurrentUser();
  const [avatars, setAvatars] = useState<FileRef[]>(user.avatars ?? []);
  // A refused save keeps what was typed and says why on the form, as an entity form does.
  const { submitting, save, refusal, changes } = useFormSave(form, userEntity, [...FIELDS]);

  const uploadAvatar = useMutation({
    mutationFn: (file: File) => upload<FileRef>('/file/upload', file, { entity: 'user', field: 'avatars' }),
    onSuccess: (file) => {
      changes.mark();
      setAvatars([file]);
    },
    onError: handleError,
  });

  const submit = async (values: ProfileForm) => {
    // The schema the API applies: a phone typed through the mask is sent cleaned.
    const result = validateWith(t, userEntity, profileSchema, values);
    form.setFields(
      replaceErrors(
        FIELDS.map((name) => [name]),
        result.ok ? [] : result.errors,
      ),
    );
    if (!result.ok) return;
    await save(async () => {
      await api.put<CurrentUser>('/auth/profile', { profile: { ...result.data, avatars } }).catch((error: unknown) => {
        throw withBareFieldPaths(error);
      });
      await refresh();
      message.success(t('auth.profile.success'));
      navigate('/');
    });
  };

  const label = (key: keyof ProfileForm) => t(`auth.fields.${key}`);
  const avatarUrl = avatars[0]?.publicUrl;

  return (
    <Card title={<PageTitle title={t('auth.profile.title')} />}>
      <Form
        {...editFormPropsOf(form, changes)}
        initialValues={{ firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber }}
        onFinish={submit}
        data-testid="profile-form"
      >
        <UnsavedChangesPrompt changes={changes} />
        <FormRefusal message={refusal} />
        <Form.Item
          label={t('auth.fields.avatar')}
          extra={t('auth.profile.avatarHint', { size: MAX_FILE_SIZE, formats: IMAGE_FORMATS.join(', ') })}
        >
          <Flex align="center" gap={16} wrap>
            <Avatar size={72} src={avatarUrl} icon={avatarUrl ? undefined : <UserOutlined />} data-testid="profile-avatar" />
            <Upload
              accept={IMAGE_FORMATS.map((format) => `.${format}`).join(',')}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                // The server enforces the same limits; checking here spares a useless upload.
                if (!isAcceptedImage(file)) message.error(t('validation.file.image'));
                else if (file.size > MAX_FILE_SIZE) message.error(t('validation.file.size', { max: MAX_FILE_SIZE }));
                else uploadAvatar.mutate(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploadAvatar.isPending} data-testid="avatar-upload">
                {uploadAvatar.isPending ? t('auth.profile.uploading') : t('auth.profile.upload')}
              </Button>
            </Upload>
            {avatars.length > 0 && (
              <Button
                icon={<DeleteOutlined />}
                onClick={() => {
                  changes.mark();
                  setAvatars([]);
                }}
                data-testid="avatar-remove"
              >
                {t('auth.profile.removeAvatar')}
              </Button>
            )}
          </Flex>
        </Form.Item>
        <Form.Item label={t('auth.fields.email')}>
          <Typography.Text data-testid="profile-email">{user.email}</Typography.Text>
        </Form.Item>
        <Form.Item name="firstName" label={label('firstName')}>
          <Input autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item name="lastName" label={label('lastName')}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item name="phoneNumber" label={label('phoneNumber')}>
          <MaskedInput field={userEntity.fields.phoneNumber} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting} disabled={uploadAvatar.isPending} data-testid="profile-submit">
          {t('auth.profile.submit')}
        </Button>
      </Form>
    </Card>
  );
}

export function ProfileCard() {
  const { user } = useCurrentUser();
  return user ? <ProfileFormCard user={user} /> : null;
}
