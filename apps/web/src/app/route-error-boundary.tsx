import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorResult } from '../features/errors/error-result';

/** A page that throws (or a chunk that fails to load after a deploy) shows the 500 page, not a blank screen. */
export default function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorResult kind="notFound" />;
  console.error(error);
  return <ErrorResult kind="serverError" />;
}
