import type { PaginationProps } from 'antd';
import type { TFunction } from 'i18next';
import { cloneElement, isValidElement } from 'react';

const NAME_KEYS: Partial<Record<Parameters<NonNullable<PaginationProps['itemRender']>>[1], string>> = {
  prev: 'kit.pages.previous',
  next: 'kit.pages.next',
  'jump-prev': 'kit.pages.jumpPrevious',
  'jump-next': 'kit.pages.jumpNext',
};

/**
 * A Pagination's `itemRender` that names its arrow buttons in the user's language: antd draws them
 * as buttons holding only an icon, which screen readers then read as "left" and "right".
 */
export function namedPageLinks(t: TFunction): NonNullable<PaginationProps['itemRender']> {
  return (_page, type, element) => {
    const key = NAME_KEYS[type];
    return key && isValidElement<{ 'aria-label'?: string }>(element) ? cloneElement(element, { 'aria-label': t(key) }) : element;
  };
}
