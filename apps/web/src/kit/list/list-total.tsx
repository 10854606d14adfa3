import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A list's total. A large filtered total is counted by the API only so far (`countCapped`): it
 * reads "more than 10,000 records", with a button that asks for the exact figure.
 */
export function ListTotal(props: { count: number; capped: boolean; counting: boolean; onCountAll: () => void }) {
  const { t, i18n } = useTranslation();
  if (!props.capped) return <>{t('kit.list.total', { count: props.count })}</>;
  return (
    <Space size={4} data-testid="list-total-capped">
      {t('kit.list.totalMoreThan', { total: new Intl.NumberFormat(i18n.language).format(props.count) })}
      <Button type="link" size="small" loading={props.counting} onClick={props.onCountAll} data-testid="list-count-all">
        {t('kit.list.countAll')}
      </Button>
    </Space>
  );
}
