import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isRelationRef, type RelationRef, relationRefsOf } from '@ebox/domain';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../../kit/fields/field-input';
import { RelationSelect } from '../../kit/fields/relation-select';

/**
 * A locker's modules, left to right: one picker per column, so a model may repeat (a multiple
 * select would keep each model once) and the order is the locker's, which generateCompartiments
 * numbers by.
 */
export function ModuleListInput({ value, onChange, id, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const modules = relationRefsOf(value);
  const change = (next: (RelationRef | null)[]) => onChange?.(next.filter((item): item is RelationRef => item !== null));
  const move = (from: number, to: number) => {
    const next = [...modules];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    change(next);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id} data-testid="ebox-module-list">
      {modules.map((module, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a model may repeat; a row is its position in the locker
        <Space.Compact key={`${module.id}-${index}`} style={{ width: '100%' }}>
          <Button disabled style={{ minWidth: 48 }} aria-hidden>
            {index + 1}
          </Button>
          <RelationSelect
            target="eboxModule"
            value={module}
            ariaLabel={t('entities.ebox.modules.column', { position: index + 1 })}
            disabled={disabled}
            style={{ flex: 1 }}
            onChange={(picked) => change(modules.map((item, i) => (i === index ? (isRelationRef(picked) ? picked : null) : item)))}
          />
          <Button
            icon={<ArrowUpOutlined />}
            disabled={disabled || index === 0}
            onClick={() => move(index, index - 1)}
            aria-label={t('entities.ebox.modules.left')}
          />
          <Button
            icon={<ArrowDownOutlined />}
            disabled={disabled || index === modules.length - 1}
            onClick={() => move(index, index + 1)}
            aria-label={t('entities.ebox.modules.right')}
          />
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => change(modules.filter((_, i) => i !== index))}
            aria-label={t('entities.ebox.modules.remove')}
          />
        </Space.Compact>
      ))}
      <AddModule disabled={disabled} onAdd={(picked) => change([...modules, picked])} />
    </Space>
  );
}

/** The empty picker at the end: choosing a model adds it as the rightmost column. */
function AddModule({ disabled, onAdd }: { disabled?: boolean; onAdd: (module: RelationRef) => void }) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Button disabled style={{ minWidth: 48 }} icon={<PlusOutlined />} aria-hidden />
      <RelationSelect
        target="eboxModule"
        value={null}
        ariaLabel={t('entities.ebox.modules.add')}
        disabled={disabled}
        placeholder={t('entities.ebox.modules.add')}
        style={{ flex: 1 }}
        onChange={(picked) => {
          if (isRelationRef(picked)) onAdd(picked);
        }}
      />
    </Space.Compact>
  );
}
