import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type FileRef, type FilesField, IMAGE_FORMATS, MAX_FILE_SIZE } from '@ebox/domain';
import { App, Button, Form, Typography, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../app/error-handler';
import { uploadFile } from '../entity-api';

type FilesInputProps = {
  entityName: string;
  fieldName: string;
  /** The field's name in its form, where a refused file is reported (under the field). */
  formPath?: string[];
  field: FilesField;
  value?: FileRef[] | null;
  onChange?: (value: FileRef[]) => void;
  id?: string;
  disabled?: boolean;
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

function toUploadFile(file: FileRef): UploadFile {
  return {
    uid: file.id ?? file.publicUrl,
    name: file.name,
    status: 'done',
    url: file.publicUrl,
    thumbUrl: file.publicUrl,
    size: file.sizeInBytes,
  };
}

/**
 * A file list field (spec 5.2): each chosen file is uploaded at once (POST /file/upload) and the
 * field holds the answered FileRefs. Count, size, format and image rules are checked before the
 * upload with the same messages the server would give.
 */
export function FilesInput({ entityName, fieldName, formPath, field, value, onChange, id, disabled }: FilesInputProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const [uploading, setUploading] = useState<UploadFile[]>([]);
  const files = value ?? [];
  // Several uploads may finish in any order: each appends to the latest list, not the one it started with.
  const latest = useRef(files);
  latest.current = files;
  const max = field.max;
  const maxSize = field.maxSize ?? MAX_FILE_SIZE;
  const formats = field.formats ?? (field.image ? IMAGE_FORMATS : undefined);

  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  /**
   * A refused file is said under the field, named, where the user is looking (a toast is gone
   * before it is read); outside a form, as a toast. The field's next change clears it.
   */
  const report = (text: string) => {
    if (form && formPath) form.setFields([{ name: formPath, errors: [text] }]);
    else message.error(text);
  };
  const refuse = (file: File, text: string) => {
    report(t('kit.upload.refusedFile', { name: file.name, reason: text }));
    return Upload.LIST_IGNORE;
  };

  const check = (file: File, batch: File[]) => {
    const ext = extensionOf(file.name);
    if (max !== undefined && files.length + uploading.length + batch.indexOf(file) + 1 > max)
      return refuse(file, t('kit.upload.tooMany', { count: max }));
    if (field.image && (!IMAGE_FORMATS.includes(ext) || (file.type && !file.type.startsWith('image/'))))
      return refuse(file, t('validation.file.image'));
    if (formats && !formats.includes(ext)) return refuse(file, t('validation.file.formats', { formats: formats.join(', ') }));
    if (file.size > maxSize) return refuse(file, t('validation.file.size', { max: number(maxSize) }));
    return true;
  };

  const fileList: UploadFile[] = [...files.map(toUploadFile), ...uploading];
  const canAdd = !disabled && (max === undefined || files.length + uploading.length < max);
  // The one place a files field states its limits, written from its declaration so it never drifts.
  const limits = [
    max === undefined
      ? t('kit.upload.sizeLimit', { size: maxSize })
      : t(field.image ? 'kit.upload.imageLimits' : 'kit.upload.limits', { count: max, size: maxSize }),
    formats ? t('kit.upload.formats', { formats: formats.join(', ') }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div>
      <Upload
        id={id}
        accept={formats?.map((f) => `.${f}`).join(',')}
        listType={field.image ? 'picture-card' : 'text'}
        multiple={max === undefined || max > 1}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={(file, batch) => check(file, batch)}
        customRequest={async ({ file, onSuccess, onError }) => {
          const raw = file as File & { uid: string };
          const pending: UploadFile = { uid: raw.uid, name: raw.name, status: 'uploading' };
          setUploading((list) => [...list, pending]);
          try {
            const stored = await uploadFile(entityName, fieldName, raw);
            latest.current = [...latest.current, stored];
            onChange?.(latest.current);
            onSuccess?.(stored);
          } catch (error) {
            report(t('kit.upload.refusedFile', { name: raw.name, reason: errorMessageOf(error, t) }));
            onError?.(error instanceof Error ? error : new Error(String(error)));
          } finally {
            setUploading((list) => list.filter((item) => item.uid !== raw.uid));
          }
        }}
        onRemove={(removed) => {
          onChange?.(files.filter((file) => (file.id ?? file.publicUrl) !== removed.uid));
          return true;
        }}
        onPreview={(file) => {
          if (file.url) window.open(file.url, '_blank', 'noopener');
        }}
      >
        {canAdd &&
          (field.image ? (
            <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>{t('kit.upload.image')}</div>
            </button>
          ) : (
            <Button icon={<UploadOutlined />}>{t('kit.upload.button')}</Button>
          ))}
      </Upload>
      <Typography.Text type="secondary" data-testid="files-limits">
        {limits}
      </Typography.Text>
    </div>
  );
}
