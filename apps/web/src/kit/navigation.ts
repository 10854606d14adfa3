import { ENTITIES, type EntityDeclaration, hasId, isPlainObject } from '@ebox/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessageOf, errorStatusOf, useErrorHandler } from '../app/error-handler';
import { useApp } from '../app/feedback';
import { nestedScreenOf, returnsToDetailAfterUpdate, returnsToOrder, screenPathsOf } from './screens';

type WithParent = Record<string, unknown> | undefined;

/** What a create leaves for the list it returns to: the new record, whose row then takes the focus (list's useFocusCreatedRow). */
export type CreatedState = { created?: string };

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (hasId(value)) return value.id;
  return undefined;
}

/**
 * Spec 2.7 in one place: create and update return to the list (building and building levels to
 * their detail page, a customer opened from an order to that order); nested screens (module
 * compartments, cluster links, locker compartments) go back one page in history.
 */
export function useEntityNavigation(entity: EntityDeclaration) {
  const navigate = useNavigate();
  const paths = useMemo(() => screenPathsOf(entity), [entity]);
  const nested = nestedScreenOf(entity);

  /** The parent's page of a nested record, used when there is no page to go back to (a link opened directly). */
  const parentPath = useCallback(
    (record: WithParent, parentId?: string) => {
      if (!nested) return paths.list;
      const id = parentId ?? idOf(record?.[nested.parentField]);
      const parent = ENTITIES[nested.parentEntity];
      if (!parent) return '/';
      return id ? screenPathsOf(parent).view(id) : screenPathsOf(parent).list;
    },
    [nested, paths],
  );

  const goBack = useCallback(
    (fallback: string) => {
      const state: unknown = window.history.state;
      const index = isPlainObject(state) && typeof state.idx === 'number' ? state.idx : 0;
      if (index > 0) navigate(-1);
      else navigate(fallback, { replace: true });
    },
    [navigate],
  );

  return useMemo(
    () => ({
      paths,
      isNested: Boolean(nested),
      parentPath,
      /** Cancel on a form: the previous page, else the list (or the parent's page when nested). */
      back(record?: WithParent, parentId?: string) {
        goBack(nested ? parentPath(record, parentId) : paths.list);
      },
      afterCreate(record?: WithParent, parentId?: string) {
        if (nested) goBack(parentPath(record, parentId));
        else navigate(paths.list, { state: { created: idOf(record) } satisfies CreatedState });
      },
      afterUpdate(id: string, record?: WithParent, idOrder?: string) {
        if (idOrder && returnsToOrder(entity)) navigate(`/order/${idOrder}`);
        else if (nested) goBack(parentPath(record));
        else if (returnsToDetailAfterUpdate(entity)) navigate(paths.view(id));
        else navigate(paths.list);
      },
      afterFindFailure() {
        if (nested) goBack(parentPath(undefined));
        else navigate(paths.list, { replace: true });
      },
      afterDestroy(record?: WithParent) {
        if (nested) goBack(parentPath(record));
        else navigate(paths.list);
      },
    }),
    [entity, goBack, navigate, nested, parentPath, paths],
  );
}

/**
 * Spec 2.4 / 8.4: a record that fails to load sends the user back to its list (or back one page
 * for nested screens). Missing permission and server failures still go through the central handler
 * (403 and 500 pages); a record that does not exist is told in a notification.
 */
export function useFindFailure(entity: EntityDeclaration): (error: unknown) => void {
  const handleError = useErrorHandler();
  const navigation = useEntityNavigation(entity);
  const { notification } = useApp();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const status = errorStatusOf(error);
      if (status === 404 || status === 400) {
        notification.error({ title: errorMessageOf(error, t), placement: 'topRight' });
        navigation.afterFindFailure();
        return;
      }
      handleError(error);
    },
    [handleError, navigation, notification, t],
  );
}
