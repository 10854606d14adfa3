import type { CSSProperties } from 'react';

/**
 * How a compartment's status looks on the locker's face: a light fill with dark text (well above
 * 4.5:1), a darker border (3:1 against the page), and a pattern and a short mark besides the colour,
 * so the status reads without telling colours apart.
 */
export type CompartmentStatus = 'AVAILABLE' | 'OCCUPIED' | 'DAMAGE' | 'DIRTY' | 'BOOKED';

const INK = '#1f1f1f';

type Look = { fill: string; border: string; mark: string; pattern?: string };

export const STATUS_LOOKS: Record<CompartmentStatus, Look> = {
  AVAILABLE: { fill: '#d9f7be', border: '#237804', mark: '✓' },
  OCCUPIED: {
    fill: '#bae0ff',
    border: '#0958d9',
    mark: '■',
    pattern: 'repeating-linear-gradient(135deg, rgba(9,88,217,0.14) 0 6px, transparent 6px 12px)',
  },
  DAMAGE: {
    fill: '#ffccc7',
    border: '#a8071a',
    mark: '✕',
    pattern:
      'repeating-linear-gradient(45deg, rgba(168,7,26,0.16) 0 3px, transparent 3px 10px), repeating-linear-gradient(-45deg, rgba(168,7,26,0.16) 0 3px, transparent 3px 10px)',
  },
  DIRTY: {
    fill: '#ffe7ba',
    border: '#ad4e00',
    mark: '!',
    pattern: 'radial-gradient(rgba(173,78,0,0.25) 1.5px, transparent 1.6px) 0 0 / 8px 8px',
  },
  BOOKED: {
    fill: '#efdbff',
    border: '#531dab',
    mark: '◆',
    pattern: 'repeating-linear-gradient(0deg, rgba(83,29,171,0.14) 0 2px, transparent 2px 8px)',
  },
};

export function statusOf(value: unknown): CompartmentStatus {
  return typeof value === 'string' && value in STATUS_LOOKS ? (value as CompartmentStatus) : 'AVAILABLE';
}

export function cellStyle(status: CompartmentStatus, doorOpen: boolean, enabled: boolean): CSSProperties {
  const look = STATUS_LOOKS[status];
  return {
    background: look.pattern ? `${look.pattern}, ${look.fill}` : look.fill,
    color: INK,
    border: `2px solid ${look.border}`,
    // An open door is drawn as a gap: a thick dashed dark frame inside the cell.
    outline: doorOpen ? `3px dashed ${INK}` : undefined,
    outlineOffset: doorOpen ? -7 : undefined,
    opacity: enabled ? 1 : 0.75,
  };
}
