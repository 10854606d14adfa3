import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_TIME_FORMAT } from '../../app/format';

type DateTimeInputProps = {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

/** A date-time picker (DD/MM/YYYY HH:mm) holding an ISO string, the API's format. */
export function DateTimeInput({ value, onChange, id, autoFocus, disabled }: DateTimeInputProps) {
  return (
    <DatePicker
      id={id}
      autoFocus={autoFocus}
      disabled={disabled}
      style={{ width: '100%' }}
      showTime={{ format: 'HH:mm' }}
      format={DATE_TIME_FORMAT}
      value={value ? dayjs(value) : null}
      onChange={(date: Dayjs | null) => onChange?.(date ? date.toISOString() : null)}
    />
  );
}

type Range = [string | null, string | null];
type DateRangeInputProps = {
  value?: Range | null;
  onChange?: (value: Range | null) => void;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

/** A [start, end] pair of date-times, either end optional (list filters, date range fields). */
export function DateRangeInput({ value, onChange, id, autoFocus, disabled }: DateRangeInputProps) {
  const [start, end] = value ?? [null, null];
  return (
    <DatePicker.RangePicker
      id={id}
      autoFocus={autoFocus}
      disabled={disabled}
      style={{ width: '100%' }}
      showTime={{ format: 'HH:mm' }}
      format={DATE_TIME_FORMAT}
      allowEmpty={[true, true]}
      value={[start ? dayjs(start) : null, end ? dayjs(end) : null]}
      onChange={(dates) => {
        const next: Range = [dates?.[0]?.toISOString() ?? null, dates?.[1]?.toISOString() ?? null];
        onChange?.(next[0] || next[1] ? next : null);
      }}
    />
  );
}
