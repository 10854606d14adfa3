import { PrinterOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { saveBlob } from '../../kit/entity-api';
import type { BulkActionContext } from '../../kit/list/entity-list';
import './messages';

/** A base64 answer as the PDF it holds. */
function pdfOf(base64: string): Blob {
  const binary = atob(base64.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}

function fileNameOf(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `print-tags-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.pdf`;
}

/**
 * "Print tags" on the order list (spec 7.4): POST /order/generate-tag with the selected orders; the
 * server answers the labels as a base64 PDF (sorted by postal code), saved as print-tags-{date}.pdf.
 * Shown to users holding generateTag.
 */
export function OrderTagsButton({ selected }: BulkActionContext) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = useCurrentUser();
  const handleError = useErrorHandler();
  const [busy, setBusy] = useState(false);
  if (!can('generateTag')) return null;
  const print = async () => {
    if (!selected.length) {
      message.warning(t('orderTags.noneSelected'));
      return;
    }
    setBusy(true);
    try {
      const data = selected.map((row) => ({ id: row.id, type: row.type, barCode: row.trackingCode, orderNumber: row.referenceNumber }));
      const base64 = await api.post<string>('/order/generate-tag', { data });
      saveBlob(pdfOf(base64), fileNameOf());
      message.success(t('orderTags.generated'));
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<PrinterOutlined />} onClick={print} loading={busy} disabled={!selected.length} data-testid="order-print-tags">
      {busy ? t('orderTags.printing') : t('orderTags.print')}
    </Button>
  );
}
