import type { EntityDeclaration } from '@ebox/domain';
import { Button, type FormInstance, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorHandler } from '../../app/error-handler';
import { clearedErrorsOf, serverFieldErrors } from '../validation';

/**
 * Runs a form's save: `submitting` is true meanwhile (the buttons show it); what the API refuses is
 * placed on the fields it is about (only the `known` ones when given) and reported as any error is.
 */
export function useFormSave(form: FormInstance, entity: EntityDeclaration, known?: string[]) {
  const handleError = useErrorHandler();
  const [submitting, setSubmitting] = useState(false);
  const save = async (send: () => Promise<void>) => {
    setSubmitting(true);
    try {
      await send();
    } catch (error) {
      const fieldErrors = serverFieldErrors(entity, error, known);
      if (fieldErrors.length) form.setFields(fieldErrors);
      handleError(error);
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, save };
}

/** The props every edit form shares: labels above the controls, and a field's error cleared once the user edits it. */
export function editFormPropsOf(form: FormInstance) {
  return {
    form,
    layout: 'vertical' as const,
    onValuesChange: (changed: Record<string, unknown>) => form.setFields(clearedErrorsOf(changed)),
  };
}

/** Save and, when the form can be left, Cancel; both wait while a save is under way. */
export function FormButtons({ submitting, onCancel }: { submitting: boolean; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="form-submit">
        {t('kit.actions.save')}
      </Button>
      {onCancel && (
        <Button onClick={onCancel} disabled={submitting} data-testid="form-cancel">
          {t('kit.actions.cancel')}
        </Button>
      )}
    </Space>
  );
}
