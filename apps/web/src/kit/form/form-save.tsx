import type { EntityDeclaration } from '@ebox/domain';
import { Alert, Button, type FormInstance, Space, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, errorStatusOf, useErrorHandler } from '../../app/error-handler';
import { focusFirstError } from '../../app/focus-fixes';
import { scrollBehavior } from '../../app/motion';
import { focusElement } from '../../app/page-focus';
import { clearedErrorsOf, serverFieldErrors } from '../validation';
import { type ChangeTracker, useChangeTracker } from './unsaved-changes';

/**
 * Answers that refuse the data, not the page: invalid (400, 422), not allowed for this record or
 * company (403), gone (404), in conflict (409), too many tries (429). The form stays with what was
 * typed and says why; anything else (the server broken, the session ended) goes to the central handler.
 */
const REFUSALS = new Set([400, 403, 404, 409, 422, 429]);

/**
 * Runs a form's save: `submitting` is true meanwhile (the buttons show it); what the API refuses is
 * placed on the fields it is about (only the `known` ones when given) and its message in `refusal`,
 * shown at the top of the form. `changes` tracks unsaved work for the leave prompt: a save under way
 * or a Cancel (`leave`) is an explicit leave and is not asked about.
 */
export function useFormSave(form: FormInstance, entity: EntityDeclaration, known?: string[]) {
  const { t } = useTranslation();
  const handleError = useErrorHandler();
  const changes = useChangeTracker();
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const save = async (send: () => Promise<void>) => {
    setSubmitting(true);
    setRefusal(undefined);
    // The save navigates away when it succeeds: that leave must not ask.
    changes.release();
    try {
      await send();
    } catch (error) {
      changes.rearm();
      const fieldErrors = serverFieldErrors(entity, error, known);
      if (fieldErrors.length) {
        form.setFields(fieldErrors);
        // After FormRefusal took the focus: the field to correct is where the keyboard is wanted.
        void focusFirstError(form);
      }
      const status = errorStatusOf(error);
      // The bare "Forbidden" of a refused permission says nothing about the form: say what it means.
      const message = errorMessageOf(error, t);
      if (status === 403 && message === t('errors.forbidden')) setRefusal(t('kit.forms.notAllowed'));
      else if (status && REFUSALS.has(status)) setRefusal(message);
      else handleError(error);
    } finally {
      setSubmitting(false);
    }
  };
  const leave = (go: () => void) => () => {
    changes.release();
    go();
  };
  return { submitting, save, refusal, changes, leave };
}

/** The props every edit form shares: labels above the controls, a field's error cleared once the user edits it, edits tracked. */
export function editFormPropsOf(form: FormInstance, changes?: ChangeTracker) {
  return {
    form,
    layout: 'vertical' as const,
    onValuesChange: (changed: Record<string, unknown>) => {
      changes?.mark();
      form.setFields(clearedErrorsOf(changed));
    },
  };
}

/**
 * Why the last save was refused, at the top of the form, brought into view and given the focus
 * (a refusal about no field in particular; useFormSave then moves it to the first field in error).
 */
export function FormRefusal({ message }: { message?: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message || !ref.current) return;
    ref.current.scrollIntoView?.({ behavior: scrollBehavior(), block: 'center' });
    focusElement(ref.current, { preventScroll: true });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} data-testid="form-refusal-focus">
      <Alert
        type="error"
        showIcon
        title={t('kit.forms.refused')}
        description={message}
        style={{ marginBottom: 24 }}
        data-testid="form-refusal"
      />
    </div>
  );
}

/**
 * Save and, when the form can be left, Cancel; both wait while a save is under way. They stay in
 * view at the bottom of the window while a long form scrolls under them.
 */
export function FormButtons({ submitting, onCancel }: { submitting: boolean; onCancel?: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      data-testid="form-save-bar"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorSplit}`,
        padding: `${token.paddingSM}px 0`,
        marginTop: token.marginXS,
      }}
    >
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
    </div>
  );
}
