import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_TIME_FORMAT } from '../../app/format';

/** What a form item hands to either picker. */
type PickerProps = {
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

/**
 * The props both pickers share: only the form item's own (anything else a form item injects stays
 * out), and the same look: full width, minutes precision, the console's date-time format.
 */
function pickerPropsOf({ id, autoFocus, disabled }: PickerProps) {
  return { id, autoFocus, disabled, style: { width: '100%' }, showTime: { format: 'HH:mm' }, format: DATE_TIME_FORMAT };
}

type DateTimeInputProps = PickerProps & {
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/** A date-time picker (DD/MM/YYYY HH:mm) holding an ISO string, the API's format. */
export function DateTimeInput({ value, onChange, ...picker }: DateTimeInputProps) {
  return (
    <DatePicker
      {...pickerPropsOf(picker)}
      value={value ? dayjs(value) : null}
      onChange={(date: Dayjs | null) => onChange?.(date ? date.toISOString() : null)}
    />
  );
}

type Range = [string | null, string | null];
type DateRangeInputProps = PickerProps & {
  value?: Range | null;
  onChange?: (value: Range | null) => void;
  /** Ranges offered with one click (a list filter's Hoje, Últimos 7 dias...). */
  presets?: { label: string; value: [Dayjs, Dayjs] }[];
};

/** A [start, end] pair of date-times, either end optional (list filters, date range fields). */
export function DateRangeInput({ value, onChange, presets, ...picker }: DateRangeInputProps) {
  const [start, end] = value ?? [null, null];
  return (
    <DatePicker.RangePicker
      {...pickerPropsOf(picker)}
      presets={presets}
      allowEmpty={[true, true]}
      value={[start ? dayjs(start) : null, end ? dayjs(end) : null]}
      onChange={(dates) => {
        const next: Range = [dates?.[0]?.toISOString() ?? null, dates?.[1]?.toISOString() ?? null];
        onChange?.(next[0] || next[1] ? next : null);
      }}
    />
  );
}
