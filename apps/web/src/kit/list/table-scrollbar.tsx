import { theme } from 'antd';
import { type CSSProperties, type PointerEvent, useEffect, useRef, useState } from 'react';

/**
 * A horizontal scrollbar drawn under a wide table, visible whenever the table is wider than its
 * card. Overlay scrollbars (macOS, Windows 11, headless browsers) show the native one only while
 * scrolling, so the columns hidden behind the fixed Actions column looked out of reach.
 *
 * Used as the table's footer (`TABLE_SCROLLBAR`), right under the rows: it finds the table's own
 * scroll area, follows it, and scrolls it when the thumb is dragged or the track clicked.
 */

type Bar = { visible: boolean; thumb: number; offset: number };

const HEIGHT = 10;
const MIN_THUMB = 40;

function scrollAreaOf(track: HTMLElement): HTMLElement | null {
  return track.closest('.ant-table')?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ?? null;
}

function measure(track: HTMLElement, area: HTMLElement): Bar {
  const { scrollWidth, clientWidth, scrollLeft } = area;
  const overflow = scrollWidth - clientWidth;
  if (overflow <= 1) return { visible: false, thumb: 0, offset: 0 };
  const width = track.clientWidth;
  const thumb = Math.max(MIN_THUMB, (width * clientWidth) / scrollWidth);
  return { visible: true, thumb, offset: ((width - thumb) * Math.abs(scrollLeft)) / overflow };
}

export function TableScrollbar() {
  const { token } = theme.useToken();
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; scrollLeft: number } | null>(null);
  const [bar, setBar] = useState<Bar>({ visible: false, thumb: 0, offset: 0 });
  const [active, setActive] = useState(false);

  useEffect(() => {
    const track = trackRef.current;
    const area = track && scrollAreaOf(track);
    if (!track || !area) return;
    const update = () => setBar(measure(track, area));
    update();
    area.addEventListener('scroll', update, { passive: true });
    // Rows arriving, columns changing and the window resizing all change what overflows.
    const observer = new ResizeObserver(update);
    observer.observe(area);
    observer.observe(track);
    const table = area.querySelector('table');
    if (table) observer.observe(table);
    return () => {
      area.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  const areaAndTrack = () => {
    const track = trackRef.current;
    const area = track && scrollAreaOf(track);
    return track && area ? { track, area } : null;
  };

  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    const found = areaAndTrack();
    if (!found) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, scrollLeft: found.area.scrollLeft };
    setActive(true);
  };

  const moveDrag = (event: PointerEvent<HTMLDivElement>) => {
    const found = areaAndTrack();
    if (!drag.current || !found) return;
    const room = found.track.clientWidth - bar.thumb;
    const overflow = found.area.scrollWidth - found.area.clientWidth;
    if (room > 0) found.area.scrollLeft = drag.current.scrollLeft + ((event.clientX - drag.current.x) * overflow) / room;
  };

  const endDrag = () => {
    drag.current = null;
    setActive(false);
  };

  // A click on the track moves one view toward the click, as a native scrollbar does.
  const page = (event: PointerEvent<HTMLDivElement>) => {
    const found = areaAndTrack();
    if (!found) return;
    const x = event.clientX - found.track.getBoundingClientRect().left;
    const direction = x < bar.offset ? -1 : 1;
    found.area.scrollBy({ left: direction * found.area.clientWidth * 0.8, behavior: 'smooth' });
  };

  const trackStyle: CSSProperties = {
    position: 'relative',
    height: bar.visible ? HEIGHT : 0,
    marginBlock: bar.visible ? 4 : 0,
    borderRadius: HEIGHT / 2,
    background: token.colorFillTertiary,
    cursor: 'pointer',
    touchAction: 'none',
  };
  const thumbStyle: CSSProperties = {
    position: 'absolute',
    insetBlock: 0,
    width: bar.thumb,
    transform: `translateX(${bar.offset}px)`,
    borderRadius: HEIGHT / 2,
    background: active ? token.colorTextTertiary : token.colorTextQuaternary,
    cursor: 'grab',
  };

  return (
    // Pointer users get a drawn bar; keyboard and wheel users scroll the table itself as before.
    <div ref={trackRef} style={trackStyle} onPointerDown={page} aria-hidden data-testid="table-scrollbar">
      {bar.visible && (
        <div
          style={thumbStyle}
          onPointerDown={startDrag}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          data-testid="table-scrollbar-thumb"
        />
      )}
    </div>
  );
}

const FOOTER_STYLE: CSSProperties = { padding: 0, background: 'transparent' };

/** Spread on a wide table: columns at their natural width, scrolled sideways with a visible bar under the rows. */
export const TABLE_SCROLLBAR = {
  scroll: { x: 'max-content' as const },
  footer: () => <TableScrollbar />,
  styles: { footer: FOOTER_STYLE },
};
