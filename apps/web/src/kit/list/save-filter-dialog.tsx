import { Form, Input, type InputRef, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFocusWhenOpen } from '../../app/motion';

/**
 * Names the filters in force (SavedFilters, list-tools.tsx). A module of its own, loaded when first
 * opened: antd's Modal and Form (about 35 kB compressed) are otherwise no part of a list's first screen.
 */
export default function SaveFilterDialog({
  open,
  onSave,
  onClose,
}: {
  open: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const focusName = useFocusWhenOpen<InputRef>();
  const save = ({ name }: { name: string }) => {
    onSave(name.trim());
    form.resetFields();
  };
  return (
    <Modal
      open={open}
      title={t('listTools.saveFilterTitle')}
      okText={t('kit.actions.save')}
      cancelText={t('kit.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={focusName.afterOpenChange}
    >
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="name"
          label={t('listTools.saveFilterName')}
          rules={[{ required: true, whitespace: true, message: t('listTools.saveFilterNameRequired') }]}
        >
          <Input ref={focusName.ref} autoFocus maxLength={80} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
