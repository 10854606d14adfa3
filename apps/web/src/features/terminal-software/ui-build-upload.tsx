import { UploadOutlined } from '@ant-design/icons';
import { TERMINAL_UI_BUILD_MAX_BYTES } from '@ebox/domain';
import { Button, Progress, Space, Typography, Upload } from 'antd';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useErrorHandler } from '../../app/error-handler';
import type { FieldInputProps } from '../../kit/fields/field-input';
import { putWithProgress } from './put-with-progress';

type SignedUpload = { SignedUrl: string; Key: string; File: { id: string } };

/** The storage key of each build uploaded on this form, by file id: the registration sends it as keyS3. */
export const UploadedKeysContext = createContext<Map<string, string>>(new Map());

const MAX_MEGABYTES = Math.round(TERMINAL_UI_BUILD_MAX_BYTES / (1024 * 1024));

/**
 * The `file` input of a new terminal UI version (spec 7.4): asks the API for a signed URL, PUTs the
 * chosen build straight to it with a progress bar, and holds the stored file's id as the field's value.
 */
export function UiBuildUpload({ value, onChange, id, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const handleError = useErrorHandler();
  const keys = useContext(UploadedKeysContext);
  const [percent, setPercent] = useState<number | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const send = async (file: File) => {
    setFailed(false);
    setName(file.name);
    setPercent(0);
    onChange?.(null);
    const contentType = file.type || 'application/octet-stream';
    try {
      const signed = await api.post<SignedUpload>('/upload/terminalUiVersion', { contentType, fileName: file.name, type: contentType });
      await putWithProgress(signed.SignedUrl, file, contentType, setPercent);
      keys.set(signed.File.id, signed.Key);
      setPercent(100);
      onChange?.(signed.File.id);
    } catch (error) {
      setFailed(true);
      setPercent(null);
      handleError(error);
    }
  };

  const uploading = percent !== null && percent < 100 && !failed;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="ui-build-upload">
      <Upload
        showUploadList={false}
        disabled={disabled || uploading}
        beforeUpload={(file) => {
          void send(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} disabled={disabled || uploading}>
          {t('entities.terminalUiVersion.upload.choose')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('entities.terminalUiVersion.upload.hint', { max: MAX_MEGABYTES })}</Typography.Text>
      {percent !== null && (
        <Progress
          percent={percent}
          status={uploading ? 'active' : 'success'}
          aria-label={t('entities.terminalUiVersion.upload.progress')}
          data-testid="ui-build-progress"
        />
      )}
      {failed && <Typography.Text type="danger">{t('entities.terminalUiVersion.upload.failed')}</Typography.Text>}
      {typeof value === 'string' && value && name && (
        <Typography.Text data-testid="ui-build-done">{t('entities.terminalUiVersion.upload.done', { name })}</Typography.Text>
      )}
    </Space>
  );
}
