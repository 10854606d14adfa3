import { ErrorResult } from './error-result';

export default function NotFoundPage() {
  return <ErrorResult kind="notFound" />;
}
