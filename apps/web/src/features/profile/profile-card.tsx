import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { IMAGE_FORMATS, MAX_FILE_SIZE } from '@ebox/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Flex, Form, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, upload } from '../../app/api-client';
import { type CurrentUser, type FileRef, useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { UnsavedChangesPrompt, useChangeTracker } from '../../kit/form/unsaved-changes';
import { showFieldErrors } from '../auth/form-rules';

type ProfileForm = { firstName: string | null; lastName: string | null; phoneNumber: string | null };

/** Spec 5.3 user rules the form checks before the server does. */
const LIMITS = { firstName: 80, lastName: 175, phoneNumber: 24 };

/** The upload endpoint's image rule (raster formats of the domain list, by extension and content type). */
function isAcceptedImage(file: File): boolean {
  const dot = file.name.lastIndexOf('.');
  const extension = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase();
  return IMAGE_FORMATS.includes(extension) && (!file.type || file.type.startsWith('image/'));
}

function ProfileFormCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileForm>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const handleError = useErrorHandler();
  const { refresh } = useCurrentUser();
  const [avatars, setAvatars] = useState<FileRef[]>(user.avatars ?? []);
  const changes = useChangeTracker();

  const uploadAvatar = useMutation({
    mutationFn: (file: File) => upload<FileRef>('/file/upload', file, { entity: 'user', field: 'avatars' }),
    onSuccess: (file) => {
      changes.mark();
      setAvatars([file]);
    },
    onError: handleError,
  });

  const save = useMutation({
    mutationFn: (values: ProfileForm) =>
      api.put<CurrentUser>('/auth/profile', {
        profile: {
          firstName: values.firstName?.trim() || null,
          lastName: values.lastName?.trim() || null,
          phoneNumber: values.phoneNumber?.trim() || null,
          avatars,
        },
      }),
    onSuccess: async () => {
      await refresh();
      message.success(t('auth.profile.success'));
      navigate('/');
    },
    onError: (error) => {
      changes.rearm();
      if (!showFieldErrors(form, error)) handleError(error);
    },
  });

  const label = (key: keyof ProfileForm) => t(`auth.fields.${key}`);
  const maxRule = (key: keyof ProfileForm) => ({
    max: LIMITS[key],
    message: t('validation.string.max', { label: label(key), max: LIMITS[key] }),
  });
  const avatarUrl = avatars[0]?.publicUrl;

  return (
    <Card title={t('auth.profile.title')}>
      <Form<ProfileForm>
        form={form}
        layout="vertical"
        initialValues={{ firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber }}
        onValuesChange={changes.mark}
        onFinish={(values) => {
          // Saving navigates home: an explicit leave, not asked about.
          changes.release();
          save.mutate(values);
        }}
        data-testid="profile-form"
      >
        <UnsavedChangesPrompt changes={changes} />
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
        <Form.Item name="firstName" label={label('firstName')} rules={[maxRule('firstName')]}>
          <Input autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item name="lastName" label={label('lastName')} rules={[maxRule('lastName')]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item
          name="phoneNumber"
          label={label('phoneNumber')}
          rules={[maxRule('phoneNumber'), { pattern: /^\d/, message: t('validation.string.matches', { label: label('phoneNumber') }) }]}
        >
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={uploadAvatar.isPending} data-testid="profile-submit">
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
